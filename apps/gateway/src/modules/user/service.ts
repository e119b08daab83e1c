import type { UserInfo } from '@ess/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { certificationExpired } from '../session/service'
import { findUserById } from './queries'

/** The user info of SPEC §3. */
export async function getUserInfo(db: Database, userId: string, now: Date): Promise<UserInfo> {
  const user = await findUserById(db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  const certified = user.certificationStatus === 1
  return {
    userId: user.id,
    phone: user.phone,
    phoneRegion: user.phoneRegion,
    email: user.email,
    username: user.username,
    photo: user.photo,
    gender: user.gender,
    birthdate: user.birthdate,
    certificationStatus: certified ? 1 : 0,
    isExpired: certified && certificationExpired(user.certifiedAt, now),
    certification: null,
    hasPassword: user.hasPassword,
  }
}
