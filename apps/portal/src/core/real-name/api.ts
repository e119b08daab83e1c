import { wire, type Certification, type CertificationCheckBody, type EditPersonalInfoBody, type PersonalInfo } from '@ess/contract/wire'
import { loadUser } from '../auth/session'
import { request, upload } from '../http/request'
import type { UploadFile } from '../../platform/types'

/**
 * Real-name verification and personal info (SPEC §2 auth package and personal-info labels).
 * Refusals are toasted in the user's language by the request client, except REAL_NAME_FAILED,
 * which the caller shows as the identity/fail page.
 */
export type VerifyOutcome = { ok: true; record: Certification } | { ok: false; failed: boolean }

const FAILED = 'REAL_NAME_FAILED'

async function verify(input: CertificationCheckBody): Promise<VerifyOutcome> {
  try {
    const record = await request(wire.certificationCheck, input, { needThrowErr: true as const, handledErrorCodes: [FAILED] })
    await loadUser()
    return { ok: true, record }
  } catch (error) {
    return { ok: false, failed: (error as { errorCode?: string }).errorCode === FAILED }
  }
}

export function verifyByIdNumber(input: { name: string; idNo: string }): Promise<VerifyOutcome> {
  return verify({ method: 'idNumber', name: input.name.trim(), idNo: input.idNo.trim() })
}

export function verifyByBankCard(input: { name: string; idNo: string; cardNo: string; bankPhone: string; code: string }): Promise<VerifyOutcome> {
  return verify({ method: 'bankCard', name: input.name.trim(), idNo: input.idNo.trim(), cardNo: input.cardNo, bankPhone: input.bankPhone, code: input.code })
}

export function loadCertification(): Promise<Certification | null | undefined> {
  return request(wire.certificationGetInfo, undefined, { needShowToast: false })
}

export function loadPersonalInfo(): Promise<PersonalInfo | undefined> {
  return request(wire.getUserPersonalInfo)
}

/** Saves the fields the user owns; resolves the new info, or undefined after a (toasted) refusal. */
export async function savePersonalInfo(input: EditPersonalInfoBody): Promise<PersonalInfo | undefined> {
  const info = await request(wire.editUserPersonalInfo, input)
  if (info) void loadUser()
  return info
}

/** Uploads a chosen image as the avatar; resolves its URL. */
export async function uploadAvatar(file: UploadFile): Promise<string | undefined> {
  const result = await upload<{ photo: string }>(wire.uploadAvatar.path, file)
  if (result) void loadUser()
  return result?.photo
}
