import { z } from 'zod'
import { CODE_RESEND_MAX_S } from '../constants'
import { type RuleMessageKey } from '../rule-messages'
import { defineCall } from './define'
import { CAPTCHA_HEIGHT, CAPTCHA_MAX_TRAIL_POINTS, CAPTCHA_TTL_S, CAPTCHA_WIDTH, CAPTCHA_WORK_NONCE_MAX_DIGITS, CODE_SCENES, CODE_TTL_S, EMAIL_CODE_SCENES, PASS_CODE_SCENES, wire } from './wire'
import { captchaTokenField, checkPhoneOfRegion, emailField, phoneFields } from './fields'

// The slider puzzle and the verification codes (how they work, and their values: ./wire).

export const CaptchaSchema = z.object({
  captchaId: z.string(),
  /** `data:image/png;base64,…`, CAPTCHA_WIDTH × CAPTCHA_HEIGHT, with the cut-out. */
  background: z.string(),
  /** `data:image/png;base64,…`, pieceWidth × pieceHeight, transparent around the piece. */
  piece: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceWidth: z.number().int(),
  pieceHeight: z.number().int(),
  /** Top of the piece in the background: draw it there and slide it along x from 0. */
  pieceY: z.number().int(),
  expiresIn: z.number().int(),
})
export type Captcha = z.infer<typeof CaptchaSchema>

export const getCaptcha = defineCall({
  ...wire.getCaptcha,
  summary: 'A new slider puzzle (background with a cut-out, and the piece), valid 2 minutes',
  tags: ['verify'],
  response: CaptchaSchema,
})

/** One pointer position of the drag: background pixels, `t` ms since the drag started. */
export const TrailPointSchema = z.object({
  x: z.number().finite().min(-CAPTCHA_WIDTH).max(2 * CAPTCHA_WIDTH),
  y: z.number().finite().min(-CAPTCHA_HEIGHT).max(2 * CAPTCHA_HEIGHT),
  t: z.number().int().min(0).max(CAPTCHA_TTL_S * 1000),
})
export type TrailPoint = z.infer<typeof TrailPointSchema>

export const CheckCaptchaBodySchema = z.object({
  captchaId: z.string().min(1).max(64),
  /** Where the piece's left edge was dropped, in background pixels. */
  x: z.number().finite().min(0).max(CAPTCHA_WIDTH),
  /** The drag as recorded, in order (pointer down → up), positions in background pixels. */
  trail: z.array(TrailPointSchema).min(1).max(CAPTCHA_MAX_TRAIL_POINTS),
})

export const CaptchaPassSchema = z.object({
  captchaToken: z.string(),
  expiresIn: z.number().int(),
})
export type CaptchaPass = z.infer<typeof CaptchaPassSchema>

export const checkCaptcha = defineCall({
  ...wire.checkCaptcha,
  summary: 'Checks a slider answer once; a pass answers a single-use captcha token (2 minutes)',
  tags: ['verify'],
  body: CheckCaptchaBodySchema,
  response: CaptchaPassSchema,
})

export const CaptchaWorkSchema = z.object({
  challengeId: z.string(),
  /** Random text; the work is on SHA-256 of `challenge:nonce`. */
  challenge: z.string(),
  /** Leading zero bits the digest must have. */
  bits: z.number().int(),
  expiresIn: z.number().int(),
})
export type CaptchaWork = z.infer<typeof CaptchaWorkSchema>

export const getCaptchaWork = defineCall({
  ...wire.getCaptchaWork,
  summary: "The slider puzzle's alternative without a picture: a proof-of-work challenge (2 minutes; a few an hour per client)",
  tags: ['verify'],
  response: CaptchaWorkSchema,
})

export const CheckCaptchaWorkBodySchema = z.object({
  challengeId: z.string().min(1).max(64),
  nonce: z.string().regex(new RegExp(`^\\d{1,${CAPTCHA_WORK_NONCE_MAX_DIGITS}}$`), { error: 'field.invalid' satisfies RuleMessageKey }),
})

export const checkCaptchaWork = defineCall({
  ...wire.checkCaptchaWork,
  summary: 'Checks a proof of work once; a right nonce answers a single-use captcha token, as a solved puzzle does',
  tags: ['verify'],
  body: CheckCaptchaWorkBodySchema,
  response: CaptchaPassSchema,
})

const sceneField = <T extends readonly [string, ...string[]]>(scenes: T) => z.enum(scenes, { error: 'field.invalid' satisfies RuleMessageKey })

export const SendPhoneCodeBodySchema = z
  .object({ ...phoneFields, scene: sceneField(CODE_SCENES), captchaToken: captchaTokenField })
  .superRefine(checkPhoneOfRegion)

export const SendEmailCodeBodySchema = z.object({
  email: emailField,
  scene: sceneField(EMAIL_CODE_SCENES),
  captchaToken: captchaTokenField,
})

export const SendPassCodeBodySchema = z.object({
  scene: sceneField(PASS_CODE_SCENES).default('verifyIdentity'),
})

export const CodeSentSchema = z.object({
  /** The destination, masked (138****8000, l***@example.com). */
  sentTo: z.string(),
  /** Seconds before another code may be asked for (CODE_RESEND_COUNTDOWN_S unless the operator set CODE_RESEND_SECONDS). */
  resendAfter: z.number().int().min(1).max(CODE_RESEND_MAX_S),
  /** Seconds the code stays valid. */
  expiresIn: z.literal(CODE_TTL_S),
})
export type CodeSent = z.infer<typeof CodeSentSchema>

export const sendPhoneCode = defineCall({
  ...wire.sendPhoneCode,
  summary: 'Sends a 6-digit SMS code for a scene (needs a captcha token); register refuses a phone already registered',
  tags: ['verify'],
  body: SendPhoneCodeBodySchema,
  response: CodeSentSchema,
})

export const sendEmailCode = defineCall({
  ...wire.sendEmailCode,
  summary: 'Sends a 6-digit email code for a scene (needs a captcha token); register refuses an email already registered',
  tags: ['verify'],
  body: SendEmailCodeBodySchema,
  response: CodeSentSchema,
})

export const sendPhonePassCode = defineCall({
  ...wire.sendPhonePassCode,
  summary: "Sends a code to the logged-in user's own phone (CONTACT_NOT_BOUND when there is none)",
  tags: ['verify'],
  body: SendPassCodeBodySchema,
  response: CodeSentSchema,
})

export const sendEmailPassCode = defineCall({
  ...wire.sendEmailPassCode,
  summary: "Sends a code to the logged-in user's own email (CONTACT_NOT_BOUND when there is none)",
  tags: ['verify'],
  body: SendPassCodeBodySchema,
  response: CodeSentSchema,
})
