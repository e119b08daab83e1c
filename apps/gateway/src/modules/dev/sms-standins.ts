/**
 * Local stand-ins for the SMS providers' HTTP APIs, on loopback: the official SDKs are pointed at
 * them (ALIYUN_SMS_ENDPOINT / TENCENT_SMS_ENDPOINT = http://127.0.0.1:port), so tests exercise the
 * adapters through their real SDK calls. Each checks the signature the SDK computed (Aliyun
 * ACS3-HMAC-SHA256, Tencent TC3-HMAC-SHA256) with the secret it was given, and answers with the
 * provider's documented JSON shapes and error codes. Never part of the product's code path.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto'
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the next request is answered with; `hold` keeps it unanswered until `release()` (or the client goes). */
export type StandinOutcome = 'ok' | 'rateLimited' | 'dailyLimit' | 'templateRefused' | 'invalidNumber' | 'serverError' | 'hold' | { error: string }

/**
 * The made-up template ids of the stand-ins: domestic ones for mainland numbers, international /
 * HK-Macao-Taiwan ones for the others. A template of the wrong kind for the number is refused, as
 * the providers do.
 */
const TEMPLATES = {
  aliyun: { domestic: ['SMS_460775001', 'SMS_460775002', 'SMS_460775003'], international: ['SMS_460775101', 'SMS_460775102', 'SMS_460775103'] },
  tencent: { domestic: ['1100001', '1100002', '1100003'], international: ['1100101', '1100102', '1100103'] },
}

export interface StandinRequest {
  /** Whether the signature the SDK sent matches the one computed here. */
  signatureOk: boolean
  headers: IncomingMessage['headers']
  /** Aliyun: the query parameters (PhoneNumbers, TemplateCode, TemplateParam, OutId, …); Tencent: the JSON body. */
  params: Record<string, unknown>
  outcome: StandinOutcome
  /** When it arrived (Date.now()). */
  at: number
  /** The provider's message id, when the message was accepted and the answer reached the client. */
  messageId?: string
}

export interface SmsStandin {
  readonly provider: 'aliyun' | 'tencent'
  /** `http://127.0.0.1:port`. */
  readonly url: string
  readonly requests: StandinRequest[]
  /** Accepted requests whose answer was written to a client still connected. */
  delivered(): StandinRequest[]
  /** Outcomes of the next requests, in order; `ok` once they are used up. */
  plan(...outcomes: StandinOutcome[]): void
  /** Answers the held requests with `ok`. */
  release(): void
  close(): Promise<void>
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** RFC 3986 encoding as Aliyun's canonical query string wants it. */
const aliyunEncode = (value: string) =>
  encodeURIComponent(value).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A')

/** ACS3-HMAC-SHA256 (Aliyun's V3 signature) recomputed from the request as received. */
function aliyunSignatureOk(request: IncomingMessage, url: URL, body: Buffer, secret: string): boolean {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(String(request.headers.authorization ?? ''))
  if (!auth) return false
  const signed = auth[2].split(';')
  const query = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${aliyunEncode(v)}`).join('&')
  const headers = signed.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('')
  const payloadHash = sha256(body)
  if (request.headers['x-acs-content-sha256'] !== payloadHash) return false
  const canonical = [request.method, url.pathname, query, headers, signed.join(';'), payloadHash].join('\n')
  const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex')
  return expected === auth[3]
}

/** TC3-HMAC-SHA256 recomputed from the request as received. */
function tencentSignatureOk(request: IncomingMessage, body: Buffer, secretKey: string): boolean {
  const auth = /^TC3-HMAC-SHA256 Credential=[^/]+\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
    String(request.headers.authorization ?? ''),
  )
  if (!auth) return false
  const [, date, service, signedHeaders, signature] = auth
  const timestamp = String(request.headers['x-tc-timestamp'] ?? '')
  const host = String(request.headers.host ?? '').replace(/:\d+$/, '')
  const canonical = ['POST', '/', '', `content-type:${request.headers['content-type']}\nhost:${host}\n`, signedHeaders, sha256(body)].join('\n')
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256(canonical)].join('\n')
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request')
  return hmac(key, toSign).toString('hex') === signature
}

type Answer = { status: number; body: unknown; messageId?: string }

function aliyunAnswer(outcome: Exclude<StandinOutcome, 'hold'>, requestId: string, params: Record<string, unknown>): Answer {
  const failure = (Code: string, Message: string) => ({ status: 200, body: { RequestId: requestId, Code, Message } })
  if (typeof outcome === 'object') return failure(outcome.error, outcome.error)
  // SendSms: mainland numbers as 11 digits, others as country code + number ("00" or "+" in front is not a number).
  const phone = String(params.PhoneNumbers ?? '')
  if (!/^[1-9]\d{4,15}$/.test(phone)) return failure('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号')
  const mainland = /^1\d{10}$/.test(phone)
  if (!TEMPLATES.aliyun[mainland ? 'domestic' : 'international'].includes(String(params.TemplateCode))) {
    return failure('isv.SMS_TEMPLATE_ILLEGAL', mainland ? '国内消息不能使用国际/港澳台模板' : '国际/港澳台消息需使用国际/港澳台模板')
  }
  switch (outcome) {
    case 'ok': {
      const bizId = `${Date.now()}^0`
      return { status: 200, body: { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: bizId }, messageId: bizId }
    }
    case 'rateLimited':
      return failure('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1')
    case 'dailyLimit':
      return failure('isv.DAY_LIMIT_CONTROL', '触发日发送限额')
    case 'templateRefused':
      return failure('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板')
    case 'invalidNumber':
      return failure('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号')
    case 'serverError':
      return { status: 503, body: { RequestId: requestId, Code: 'ServiceUnavailable', Message: 'The request has failed due to a temporary failure of the server.' } }
  }
}

function tencentAnswer(outcome: Exclude<StandinOutcome, 'hold'>, requestId: string, params: Record<string, unknown>): Answer {
  const phone = String((params.PhoneNumberSet as string[] | undefined)?.[0] ?? '')
  const status = (Code: string, Message: string, SerialNo = '') => ({
    status: 200,
    body: { Response: { SendStatusSet: [{ SerialNo, PhoneNumber: phone, Fee: Code === 'Ok' ? 1 : 0, SessionContext: params.SessionContext ?? '', Code, Message, IsoCode: 'CN' }], RequestId: requestId } },
    messageId: SerialNo || undefined,
  })
  const error = (Code: string, Message: string) => ({ status: 200, body: { Response: { Error: { Code, Message }, RequestId: requestId } } })
  // Per-number results (limits, numbers) come in SendStatusSet; request faults as Response.Error.
  if (typeof outcome === 'object') return /^(LimitExceeded|InvalidParameterValue)\./.test(outcome.error) ? status(outcome.error, outcome.error) : error(outcome.error, outcome.error)
  if (!/^\+[1-9]\d{4,15}$/.test(phone)) return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number')
  const mainland = phone.startsWith('+86')
  if (!TEMPLATES.tencent[mainland ? 'domestic' : 'international'].includes(String(params.TemplateId))) {
    return error('FailedOperation.TemplateIncorrectOrUnapproved', 'the template is not approved or does not match the type of the number')
  }
  if (mainland && !params.SignName) return error('FailedOperation.MissingSignature', 'a domestic message needs a signature')
  switch (outcome) {
    case 'ok':
      return status('Ok', 'send success', `2433:${randomUUID().replace(/-/g, '').slice(0, 24)}`)
    case 'rateLimited':
      return status('LimitExceeded.PhoneNumberThirtySecondLimit', 'the number of SMS messages sent from a single mobile number within 30 seconds exceeds the upper limit')
    case 'dailyLimit':
      return status('LimitExceeded.PhoneNumberDailyLimit', 'the number of SMS messages sent from a single mobile number every day exceeds the upper limit')
    case 'invalidNumber':
      return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number')
    case 'templateRefused':
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'the template is not approved or the request content does not match the approved template content')
    case 'serverError':
      return error('InternalError.Timeout', 'request timed out')
  }
}

/**
 * Starts a stand-in of `provider` on a free loopback port. `secret` is the key the SDK signs with
 * (ALIYUN_SMS_ACCESS_KEY_SECRET / TENCENT_SMS_SECRET_KEY); a request signed otherwise gets the
 * provider's signature error.
 */
export async function startSmsStandin(provider: 'aliyun' | 'tencent', secret: string): Promise<SmsStandin> {
  const requests: StandinRequest[] = []
  const planned: StandinOutcome[] = []
  const held: Array<() => void> = []

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request)
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const signatureOk = provider === 'aliyun' ? aliyunSignatureOk(request, url, body, secret) : tencentSignatureOk(request, body, secret)
    const params = provider === 'aliyun' ? Object.fromEntries(url.searchParams) : (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>)
    const outcome = planned.shift() ?? 'ok'
    const recorded: StandinRequest = { signatureOk, headers: request.headers, params, outcome, at: Date.now() }
    requests.push(recorded)
    const requestId = randomUUID().toUpperCase()
    const answer = (final: Exclude<StandinOutcome, 'hold'>) => {
      let result: Answer
      if (!signatureOk) {
        result =
          provider === 'aliyun'
            ? { status: 400, body: { RequestId: requestId, Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' } }
            : { status: 200, body: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: requestId } } }
      } else {
        result = provider === 'aliyun' ? aliyunAnswer(final, requestId, params) : tencentAnswer(final, requestId, params)
      }
      if (response.destroyed) return
      response.writeHead(result.status, { 'content-type': 'application/json;charset=utf-8', 'x-acs-request-id': requestId })
      response.end(JSON.stringify(result.body))
      recorded.messageId = result.messageId
    }
    if (outcome === 'hold') held.push(() => answer('ok'))
    else answer(outcome)
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    provider,
    url: `http://127.0.0.1:${port}`,
    requests,
    delivered: () => requests.filter((r) => r.messageId !== undefined),
    plan: (...outcomes) => planned.push(...outcomes),
    release: () => {
      for (const answer of held.splice(0)) answer()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The settings of a gateway sending SMS through the stand-in `standin` (signed with `secret`), made-up ids and template ids. */
export function standinSettings(standin: { provider: 'aliyun' | 'tencent'; url: string }, secret: string): Record<string, string> {
  const { domestic, international } = TEMPLATES[standin.provider]
  const common = {
    SMS_PROVIDER: standin.provider,
    SMS_SIGN_NAME: '员工服务',
    SMS_TEMPLATE_VERIFICATION_CODE: domestic[0],
    SMS_TEMPLATE_PASSWORD_CHANGED: domestic[1],
    SMS_TEMPLATE_CONTACT_CHANGED: domestic[2],
    SMS_INTL_SIGN_NAME: 'Staff Services',
    SMS_INTL_TEMPLATE_VERIFICATION_CODE: international[0],
    SMS_INTL_TEMPLATE_PASSWORD_CHANGED: international[1],
    SMS_INTL_TEMPLATE_CONTACT_CHANGED: international[2],
  }
  return standin.provider === 'aliyun'
    ? { ...common, ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestAccessKey', ALIYUN_SMS_ACCESS_KEY_SECRET: secret, ALIYUN_SMS_ENDPOINT: standin.url }
    : { ...common, TENCENT_SMS_SECRET_ID: 'AKIDTestSecretId', TENCENT_SMS_SECRET_KEY: secret, TENCENT_SMS_SDK_APP_ID: '1400006666', TENCENT_SMS_ENDPOINT: standin.url }
}
