import { wire, type CodeScene, type CodeSent, type PassCodeScene } from '@ess/contract/wire'
import { fill } from '../../i18n'
import { request } from '../http/request'
import { toast } from '../toast'
import { codeKey, startCountdown } from './countdown'
import { textsNow } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

export type CodeTarget =
  | { kind: 'phone'; region: string; phone: string; scene: CodeScene }
  | { kind: 'email'; email: string; scene: Exclude<CodeScene, 'login' | 'realName'> }

/** The countdown key of a destination: the gateway allows one code per destination per countdown, whatever the scene. */
export function targetKey(target: CodeTarget): string {
  return target.kind === 'phone' ? codeKey('sms', `${target.region}-${target.phone}`) : codeKey('email', target.email)
}

/**
 * Sends a code (needs the token of a solved puzzle). On success the countdown starts with the
 * gateway's `resendAfter` and a toast says where it went; a refusal (too soon, daily limit,
 * already registered…) is toasted in the user's language by the request client.
 */
export async function sendCode(target: CodeTarget, captchaToken: string): Promise<CodeSent | undefined> {
  const sent =
    target.kind === 'phone'
      ? await request(wire.sendPhoneCode, { region: target.region, phone: target.phone, scene: target.scene, captchaToken })
      : await request(wire.sendEmailCode, { email: target.email, scene: target.scene, captchaToken })
  if (sent) {
    startCountdown(targetKey(target), sent.resendAfter)
    toast(fill(textsNow(authTexts).codeSent, { to: sent.sentTo }))
  }
  return sent
}

/** Where a code to the logged-in user's own contact goes (`sendPhonePassCode` / `sendEmailPassCode`). */
export type OwnChannel = 'sms' | 'email'

/**
 * The countdown key of a code to the user's own phone or email. The destination is the bound one
 * (the client knows it masked only), so the key names the channel.
 */
export function ownCodeKey(channel: OwnChannel): string {
  return codeKey(channel, 'own')
}

/**
 * Sends a code to the logged-in user's own phone or email (no captcha: the login is the proof)
 * for a scene (verifyIdentity, updatePassword, cancelAccount); same countdown and toast as `sendCode`.
 */
export async function sendOwnCode(channel: OwnChannel, scene: PassCodeScene): Promise<CodeSent | undefined> {
  const sent = await request(channel === 'sms' ? wire.sendPhonePassCode : wire.sendEmailPassCode, { scene })
  if (sent) {
    startCountdown(ownCodeKey(channel), sent.resendAfter)
    toast(fill(textsNow(authTexts).codeSent, { to: sent.sentTo }))
  }
  return sent
}
