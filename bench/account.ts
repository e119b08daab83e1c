// A signed-in account for the benchmarks, made through the real calls as a person makes one: a
// slider puzzle solved from its pictures, an email code mailed by the gateway to an SMTP server run
// here, and registerByEmailPwd with the current agreements ticked.
import { AddressInfo } from 'node:net'
import { randomBytes, webcrypto } from 'node:crypto'
import { SMTPServer } from 'smtp-server'
import { type AppAgreement, type Captcha, type CallDef, type LoginState, type PasswordPubKey, buildQuery, callUrl, calls } from '@ess/contract'
import { humanTrail, solvePuzzle } from '../apps/gateway/test/helpers/captcha'
import { standinSettings, startSmsStandin } from '../apps/gateway/src/modules/dev/sms-standins'
import { signedHeaders } from './lib'

/**
 * An SMTP mailbox the gateway delivers to, and a stand-in of Aliyun's SMS API for its text messages
 * (the production build sends both for real; give `deliveryEnv` to the gateway).
 */
export async function startMailbox() {
  const smsSecret = randomBytes(16).toString('hex')
  const sms = await startSmsStandin('aliyun', smsSecret)
  const mails: string[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'))
        done()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  return {
    deliveryEnv: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'ESS bench <no-reply@bench.test>', NOTIFIER: '', ...standinSettings(sms, smsSecret) },
    /** How many mails arrived so far. */
    mailCount: () => mails.length,
    /** The 6-digit code of the latest mail (its text part is base64, as nodemailer sends UTF-8). */
    async latestCode(): Promise<string> {
      for (let waited = 0; waited < 10_000; waited += 50) {
        const mail = mails.at(-1)
        if (mail) {
          const body = mail.slice(mail.indexOf('\r\n\r\n') + 4)
          const code = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8').match(/\b\d{6}\b/)?.[0]
          if (code) return code
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error('no code was mailed')
    },
    close: async () => {
      await sms.close()
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}

/** A signed call of the contract; answers the payload, throws on a refusal. */
export async function api<T>(url: string, call: CallDef, input?: Record<string, unknown>, token = '', deviceId?: string): Promise<T> {
  const inQuery = call.method === 'GET'
  const query = buildQuery(inQuery ? input : undefined)
  const body = inQuery ? '' : JSON.stringify(input ?? {})
  const response = await fetch(`${url}${callUrl(call)}${query ? `?${query}` : ''}`, {
    method: call.method,
    headers: signedHeaders(call.method, callUrl(call), inQuery ? input : {}, body, token, deviceId),
    body: body || undefined,
  })
  const envelope = (await response.json()) as { code: number; errorCode?: string; data: { data: T } }
  if (envelope.code !== 200) throw new Error(`${call.path}: ${envelope.errorCode}`)
  return envelope.data.data
}

/** A puzzle solved from its pictures by `deviceId` (the bench's own by default): its token is good for that device only. */
export async function solveCaptcha(url: string, deviceId?: string): Promise<string> {
  const captcha = await api<Captcha>(url, calls.getCaptcha, undefined, '', deviceId)
  const x = solvePuzzle(captcha)
  return (await api<{ captchaToken: string }>(url, calls.checkCaptcha, { captchaId: captcha.captchaId, x, trail: humanTrail(x) }, '', deviceId)).captchaToken
}

/** Seals a password with the gateway's RSA-OAEP key, as the portal does. */
export async function sealer(url: string): Promise<(password: string) => Promise<string>> {
  const { publicKey } = await api<PasswordPubKey>(url, calls.getPasswordPubKey)
  const key = await webcrypto.subtle.importKey('spki', Buffer.from(publicKey.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
  return async (password) => Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password))).toString('base64')
}

/**
 * Registers `email` through the real calls, from `deviceId` (the bench's own by default; a device may
 * ask for only so many codes a day); answers its login state (access token in `accessToken`).
 */
export async function registerAccount(url: string, mailbox: { latestCode(): Promise<string> }, email: string, password: string, deviceId?: string): Promise<LoginState> {
  const agreementIds = (await api<AppAgreement[]>(url, calls.getAppAgreements, { type: '1' })).map((a) => a.agreementId)
  await api(url, calls.sendEmailCode, { email, scene: 'register', captchaToken: await solveCaptcha(url, deviceId) }, '', deviceId)
  const sealed = await (await sealer(url))(password)
  return api<LoginState>(url, calls.registerByEmailPwd, { email, code: await mailbox.latestCode(), password: sealed, confirmPassword: sealed, agreementIds }, '', deviceId)
}
