import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms'
import type { SmsInternational } from '../../../config'
import { DAILY_LIMIT_CODES, DeliveryError, type QueuedMessage, type Transport } from '../delivery'
import { type SmsTemplateIds, signAndTemplate, smsVariables } from './parameters'

export interface TencentSmsOptions {
  secretId: string
  secretKey: string
  /** The SMS application (SmsSdkAppId, e.g. 1400006666). */
  sdkAppId: string
  region: string
  /** `https://sms.tencentcloudapi.com` by default; a loopback `http://127.0.0.1:port` for the stand-in. */
  endpoint: URL
  signName: string
  templates: SmsTemplateIds
  international: SmsInternational
  timeoutMs: number
}

/** Codes worth another try later (frequency limits, the provider's own failure); any other code is final. */
const TRANSIENT = /^(network|LimitExceeded\..*|RequestLimitExceeded.*|InternalError.*|ResourceUnavailable.*)$/
/**
 * Faults of our configuration or request in Tencent's error table (signature, missing field, a
 * clock off by more than 5 minutes, a body it cannot parse): another try fails the same way.
 */
const CONFIGURATION_FAULTS = new Set(['InternalError.SigVerificationFail', 'InternalError.SigFieldMissing', 'InternalError.RequestTimeException'])

const classify = (code: string, message: string, cause?: unknown) =>
  new DeliveryError(DAILY_LIMIT_CODES.has(code) || CONFIGURATION_FAULTS.has(code) || !TRANSIENT.test(code), code, message, { cause })

const { Client } = tencentcloud.sms.v20210111

/** Tencent Cloud SMS through its official SDK (SendSms, API 2021-01-11, TC3-HMAC-SHA256 signed). */
export function tencentSms(options: TencentSmsOptions): Transport {
  const client = new Client({
    credential: { secretId: options.secretId, secretKey: options.secretKey },
    region: options.region,
    profile: {
      httpProfile: { endpoint: options.endpoint.host, protocol: `${options.endpoint.protocol}//`, reqTimeout: Math.ceil(options.timeoutMs / 1000) },
    },
  })
  return {
    name: 'tencent',
    async deliver(message: QueuedMessage) {
      const { signName, templateId } = signAndTemplate(options, message.template, message.to)
      let answer: Awaited<ReturnType<typeof client.SendSms>>
      try {
        answer = await client.SendSms({
          PhoneNumberSet: [message.to],
          SmsSdkAppId: options.sdkAppId,
          // International / HK-Macao-Taiwan messages go without one unless SMS_INTL_SIGN_NAME is set.
          ...(signName ? { SignName: signName } : {}),
          TemplateId: templateId,
          TemplateParamSet: smsVariables(message.template, message.params, message.locale).map(([, value]) => value),
          SessionContext: message.idempotencyKey ?? String(message.id),
        })
      } catch (error) {
        // Response.Error (bad signature, template not approved, …) carries a code; a network failure none.
        const { code, message: text } = error as { code?: string; message?: string }
        throw classify(code || 'network', text ?? String(error), error)
      }
      const status = answer.SendStatusSet?.[0]
      if (!status) throw classify('unknown', 'no SendStatusSet in the answer')
      if (status.Code !== 'Ok') throw classify(status.Code ?? 'unknown', status.Message ?? '')
      return { providerMessageId: status.SerialNo }
    },
  }
}
