import { z } from 'zod'
import { REAL_NAME_VALIDITY_DAYS } from '../constants'
import { rules } from '../rule-schemas'
import type { RuleMessageKey } from '../rule-messages'
import { idNumberCheckDigitValid } from '../rule-checks'
import { defineCall } from './define'
import { CERTIFICATION_METHODS, GENDERS, POSTCODE_PATTERN, USERNAME_PATTERN, wire } from './wire'
import { codeField } from './fields'

/**
 * Real-name verification against the employee roster (SPEC §1, §4, §6), and the personal info of
 * SPEC §2.
 *
 * - `certification/check` by ID number (name + ID number) or by bank card (name + ID number + the
 *   user's bank card, Luhn-checked, + the phone the bank holds for it, proved by an SMS code of
 *   scene `realName` sent with `verify/sendPhoneCode`). The name and ID number must match one
 *   employee of a client company on the roster; a mismatch of any kind answers REAL_NAME_FAILED
 *   (the SPEC's text, never which field was wrong). Failed checks are limited per user per day.
 * - A success certifies the account for REAL_NAME_VALIDITY_DAYS (90): `certificationStatus` 1 and
 *   a certification record. After expiry, or when the identity of the linked employee changes on
 *   the roster, the user must verify again (`isExpired` true; 'certified' calls refuse).
 * - ID and bank-card numbers are encrypted at rest and only ever answered masked.
 */

/** The ID number: SPEC §5 format plus the national check digit of 18-character numbers. */
export const idNumberField = z
  .string({ error: 'idNumber.invalid' satisfies RuleMessageKey })
  .trim()
  .pipe(rules.idNumber)
  .refine(idNumberCheckDigitValid, { error: 'idNumber.invalid' satisfies RuleMessageKey })
  .transform((id) => id.toUpperCase())

/** The person's name as on the ID card: Chinese characters or letters (SPEC §5). */
export const personNameField = rules.personName

/** Bank-card number; spaces the user typed for readability are dropped. */
export const bankCardField = z
  .string({ error: 'bankCard.required' satisfies RuleMessageKey })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(rules.bankCard)

export const CertificationCheckBodySchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('idNumber'), name: personNameField, idNo: idNumberField }),
    z.object({
      method: z.literal('bankCard'),
      name: personNameField,
      idNo: idNumberField,
      cardNo: bankCardField,
      /** The mainland phone the bank holds for the card; the code of scene `realName` went to it. */
      bankPhone: rules.mobile,
      code: codeField,
    }),
  ],
  { error: 'field.invalid' satisfies RuleMessageKey },
)
export type CertificationCheckBody = z.input<typeof CertificationCheckBodySchema>

/** The certification record (SPEC §3 `certification`), masked. */
export const CertificationSchema = z.object({
  method: z.enum(CERTIFICATION_METHODS),
  /** The name verified, masked but for its last character ("*伟", "**i Wei" → "*** Wei"). */
  realName: z.string(),
  idType: z.string(),
  /** 110101********123X */
  idNo: z.string(),
  /** 6222 **** **** 3445 for the bank-card method, else null. */
  bankCard: z.string().nullable(),
  companyName: z.string(),
  employeeNo: z.string(),
  /** ISO timestamps. */
  certifiedAt: z.string(),
  expiresAt: z.string(),
  /** Past REAL_NAME_VALIDITY_DAYS, or the identity changed since: verify again. */
  isExpired: z.boolean(),
  validityDays: z.literal(REAL_NAME_VALIDITY_DAYS),
})
export type Certification = z.infer<typeof CertificationSchema>

export const certificationCheck = defineCall({
  ...wire.certificationCheck,
  summary: 'Real-name verification against the employee roster, by ID number or by bank card (+ SMS code to the bank phone)',
  tags: ['certification'],
  body: CertificationCheckBodySchema,
  response: CertificationSchema,
})

export const certificationGetInfo = defineCall({
  ...wire.certificationGetInfo,
  summary: 'The certification record of the user (null when never verified), with isExpired',
  tags: ['certification'],
  response: CertificationSchema.nullable(),
})

/**
 * The personal info of SPEC §2 (labels: name, pinyin name, gender, birth date, nationality,
 * company name, ID type, ID number, employee number, phone, email, address, postcode, avatar,
 * username). Identity fields come from the roster once verified (null before) and cannot be
 * edited; `address`, `postcode` and `username` are the user's own, as is the avatar.
 */
export const PersonalInfoSchema = z.object({
  name: z.string().nullable(),
  pinyinName: z.string().nullable(),
  gender: z.enum(GENDERS),
  /** YYYY-MM-DD */
  birthdate: z.string().nullable(),
  /** Value of the `nationality` dictionary. */
  nationality: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Value of the `idType` dictionary. */
  idType: z.string().nullable(),
  /** Masked. */
  idNo: z.string().nullable(),
  employeeNo: z.string().nullable(),
  /** Masked. */
  phone: z.string().nullable(),
  /** Masked. */
  email: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  /** URL of the avatar. */
  photo: z.string().nullable(),
  username: z.string().nullable(),
  certified: z.boolean(),
})
export type PersonalInfo = z.infer<typeof PersonalInfoSchema>

export const getUserPersonalInfo = defineCall({
  ...wire.getUserPersonalInfo,
  summary: 'The personal info of SPEC §2: roster identity (masked) once verified, and the fields the user edits',
  tags: ['user'],
  response: PersonalInfoSchema,
})

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'field.invalid' satisfies RuleMessageKey })
    .transform((v) => (v === '' ? null : v))

/** Fields absent stay as they are; an empty string clears address or postcode. */
export const EditPersonalInfoBodySchema = z
  .object({
    username: z.string().trim().regex(USERNAME_PATTERN, { error: 'username.invalid' satisfies RuleMessageKey }).optional(),
    address: optionalText(120).optional(),
    postcode: z
      .string()
      .trim()
      .refine((v) => v === '' || POSTCODE_PATTERN.test(v), { error: 'postcode.invalid' satisfies RuleMessageKey })
      .transform((v) => (v === '' ? null : v))
      .optional(),
  })
  .strict()
export type EditPersonalInfoBody = z.input<typeof EditPersonalInfoBodySchema>

export const editUserPersonalInfo = defineCall({
  ...wire.editUserPersonalInfo,
  summary: 'Edits the fields the user owns (username, address, postcode); identity fields come from the roster',
  tags: ['user'],
  body: EditPersonalInfoBodySchema,
  response: PersonalInfoSchema,
})

/** The avatar upload: multipart/form-data with one file field `file` (UNSIGNED-PAYLOAD signature). */
export const uploadAvatar = defineCall({
  ...wire.uploadAvatar,
  summary: 'Uploads the avatar (multipart field `file`: PNG, JPEG or WebP, at most 2 MiB); answers its URL',
  tags: ['user'],
  response: z.object({ photo: z.string() }),
})
