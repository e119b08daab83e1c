import { z } from 'zod'
import { defineCall } from './define'
import { GENDERS, wire } from './wire'
import { CertificationSchema } from './certification'

/**
 * User info (SPEC §3). `certificationStatus` is 1 when real-name verified; `isExpired` when that
 * verification is older than REAL_NAME_VALIDITY_DAYS; `certification` is the record attached
 * after loading (null until real-name verification exists).
 */
export const UserInfoSchema = z.object({
  userId: z.string(),
  /** Mainland numbers as 11 digits, others as the national number (see `phoneRegion`). */
  phone: z.string().nullable(),
  /** Region of the phone dictionary, e.g. "CN". */
  phoneRegion: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  /** URL of the avatar. */
  photo: z.string().nullable(),
  gender: z.enum(GENDERS),
  /** YYYY-MM-DD. */
  birthdate: z.string().nullable(),
  certificationStatus: z.union([z.literal(0), z.literal(1)]),
  isExpired: z.boolean(),
  certification: CertificationSchema.nullable(),
  /** False for an account made by SMS code that never set a password. */
  hasPassword: z.boolean(),
})
export type UserInfo = z.infer<typeof UserInfoSchema>

export const getUserInfo = defineCall({
  ...wire.getUserInfo,
  summary: 'The logged-in user',
  tags: ['user'],
  response: UserInfoSchema,
})

export const SessionsEndedSchema = z.object({
  /** How many login sessions were ended. */
  ended: z.number().int(),
})

export const logout = defineCall({
  ...wire.logout,
  summary: 'Ends this login session (its access and refresh tokens)',
  tags: ['user'],
  response: SessionsEndedSchema,
})

export const signOut = defineCall({
  ...wire.signOut,
  summary: 'Ends every login session of the account, on every device',
  tags: ['user'],
  response: SessionsEndedSchema,
})
