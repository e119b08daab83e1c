import { createHash } from 'node:crypto'
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@ess/contract'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { userAvatar } from '../../db/schema'
import { AppError } from '../../lib/app-error'

type AvatarType = (typeof AVATAR_TYPES)[number]

/** The image type of the bytes themselves (never the name or the declared type): PNG, JPEG or WebP. */
export function sniffImageType(bytes: Buffer): AvatarType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return undefined
}

/** Where an avatar is served: the content hash in the path makes the URL change with the picture. */
export const avatarUrl = (userId: string, sha256: string) => `/app/media/avatar/${userId}/${sha256.slice(0, 16)}`

/** Keeps the user's avatar (one per user, replaced); answers its URL. */
export async function saveAvatar(db: Database, userId: string, bytes: Buffer, now: Date): Promise<string> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('AVATAR_TOO_LARGE')
  const contentType = sniffImageType(bytes)
  if (!contentType) throw new AppError('AVATAR_INVALID')
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  await db
    .insert(userAvatar)
    .values({ userId, contentType, bytes, sha256, updatedAt: now })
    .onConflictDoUpdate({ target: userAvatar.userId, set: { contentType, bytes, sha256, updatedAt: now } })
  return avatarUrl(userId, sha256)
}

export async function findAvatar(db: Database, userId: string) {
  const [row] = await db.select().from(userAvatar).where(eq(userAvatar.userId, userId))
  return row
}
