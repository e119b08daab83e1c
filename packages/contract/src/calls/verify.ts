import { z } from 'zod'
import { CODE_RESEND_COUNTDOWN_S } from '../constants'
import { type RuleMessageKey } from '../rules'
import { defineCall } from './define'
import { captchaTokenField, checkPhoneOfRegion, emailField, phoneFields } from './fields'

/**
 * Slider puzzle. `getCaptcha` hands out a background with a piece cut out at a random place and
 * the piece itself; the user drags the piece along x. `checkCaptcha` takes where it was dropped
 * (the piece's left edge, in background pixels) and the trail of the drag. A puzzle answers one
 * check; a passed one yields a captcha token that `sendPhoneCode`, `sendEmailCode` and
 * `loginByAccount` take once.
 */
export const CAPTCHA_WIDTH = 320
export const CAPTCHA_HEIGHT = 160
/** The piece's bounding box, knobs included. */
export const CAPTCHA_PIECE_SIZE = 60
/** How far from the cut-out a drop may land, in background pixels. */
export const CAPTCHA_TOLERANCE_PX = 5
/** Lifetime of a puzzle and of the token of a passed one. */
export const CAPTCHA_TTL_S = 120
export const CAPTCHA_TOKEN_TTL_S = 120
/** A human drag lasts at least this long, and is recorded as at least this many points. */
export const CAPTCHA_MIN_SLIDE_MS = 150
export const CAPTCHA_MIN_TRAIL_POINTS = 8
export const CAPTCHA_MAX_TRAIL_POINTS = 1000

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
  method: 'GET',
  path: '/user/api/verify/getCaptcha',
  summary: 'A new slider puzzle (background with a cut-out, and the piece), valid 2 minutes',
  tags: ['verify'],
  access: 'public',
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
  method: 'POST',
  path: '/user/api/verify/checkCaptcha',
  summary: 'Checks a slider answer once; a pass answers a single-use captcha token (2 minutes)',
  tags: ['verify'],
  access: 'public',
  body: CheckCaptchaBodySchema,
  response: CaptchaPassSchema,
})

/**
 * Verification codes: 6 digits, valid CODE_TTL_S, at most CODE_MAX_TRIES tries, bound to the
 * scene and the destination they were sent to; a new one no sooner than CODE_RESEND_COUNTDOWN_S.
 */
export const CODE_TTL_S = 300
export const CODE_MAX_TRIES = 5
/** What a code sent to a given phone or email is for. */
/** `realName`: the phone a bank holds for a card, in the bank-card real-name verification. */
export const CODE_SCENES = ['register', 'login', 'resetPassword', 'bind', 'realName'] as const
export type CodeScene = (typeof CODE_SCENES)[number]
/** There is no sign-in by email code. */
export const EMAIL_CODE_SCENES = ['register', 'resetPassword', 'bind'] as const
/** What a code sent to the logged-in user's own phone or email is for (re-authentication). */
export const PASS_CODE_SCENES = ['verifyIdentity', 'updatePassword', 'cancelAccount'] as const
export type PassCodeScene = (typeof PASS_CODE_SCENES)[number]

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
  /** Seconds before another code may be asked for. */
  resendAfter: z.literal(CODE_RESEND_COUNTDOWN_S),
  /** Seconds the code stays valid. */
  expiresIn: z.literal(CODE_TTL_S),
})
export type CodeSent = z.infer<typeof CodeSentSchema>

export const sendPhoneCode = defineCall({
  method: 'POST',
  path: '/user/api/verify/sendPhoneCode',
  summary: 'Sends a 6-digit SMS code for a scene (needs a captcha token); register refuses a phone already registered',
  tags: ['verify'],
  access: 'public',
  body: SendPhoneCodeBodySchema,
  response: CodeSentSchema,
})

export const sendEmailCode = defineCall({
  method: 'POST',
  path: '/user/api/verify/sendEmailCode',
  summary: 'Sends a 6-digit email code for a scene (needs a captcha token); register refuses an email already registered',
  tags: ['verify'],
  access: 'public',
  body: SendEmailCodeBodySchema,
  response: CodeSentSchema,
})

export const sendPhonePassCode = defineCall({
  method: 'POST',
  path: '/user/api/sendPhonePassCode',
  summary: "Sends a code to the logged-in user's own phone (CONTACT_NOT_BOUND when there is none)",
  tags: ['verify'],
  access: 'user',
  body: SendPassCodeBodySchema,
  response: CodeSentSchema,
})

export const sendEmailPassCode = defineCall({
  method: 'POST',
  path: '/user/api/sendEmailPassCode',
  summary: "Sends a code to the logged-in user's own email (CONTACT_NOT_BOUND when there is none)",
  tags: ['verify'],
  access: 'user',
  body: SendPassCodeBodySchema,
  response: CodeSentSchema,
})
