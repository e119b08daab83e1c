import { wire, type CodeScene, type CodeSent } from '@ess/contract/wire'
import { fill, getDictionary } from '../../i18n'
import { request } from '../http/request'
import { toast } from '../toast'
import { codeKey, startCountdown } from './countdown'

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
    toast(fill(getDictionary().auth.codeSent, { to: sent.sentTo }))
  }
  return sent
}
