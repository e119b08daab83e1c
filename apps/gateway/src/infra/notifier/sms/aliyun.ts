import * as Dysmsapi from '@alicloud/dysmsapi20170525'
import { $OpenApiUtil } from '@alicloud/openapi-core'
import * as $dara from '@darabonba/typescript'
import type { SmsInternational } from '../../../config'
import { DAILY_LIMIT_CODES, DeliveryError, type QueuedMessage, type Transport } from '../delivery'
import { type SmsTemplateIds, aliyunPhoneNumber, signAndTemplate, smsVariables } from './parameters'

export interface AliyunSmsOptions {
  accessKeyId: string
  accessKeySecret: string
  /** `https://dysmsapi.aliyuncs.com` by default; a loopback `http://127.0.0.1:port` for the stand-in. */
  endpoint: URL
  signName: string
  templates: SmsTemplateIds
  international: SmsInternational
  timeoutMs: number
}

/**
 * Codes worth another try later (flow control, the provider's own failure); any other code is
 * final. The daily limit (isv.DAY_LIMIT_CONTROL) resets only the next day: final for this message.
 */
const TRANSIENT = /^(network|isv\.BUSINESS_LIMIT_CONTROL|isp\.SYSTEM_ERROR|isv\.SYSTEM_ERROR|Throttling.*|ServiceUnavailable|InternalError)$/

const classify = (code: string, message: string, cause?: unknown) =>
  new DeliveryError(DAILY_LIMIT_CODES.has(code) || !TRANSIENT.test(code), code, message, { cause })

// The package is CommonJS (`exports.default = Client`): under Node's ESM the class is one `default` deeper.
const loaded = Dysmsapi.default as unknown as typeof Dysmsapi.default | { default: typeof Dysmsapi.default }
const Client = typeof loaded === 'function' ? loaded : loaded.default

/** Alibaba Cloud SMS through its official SDK (SendSms, API 2017-05-25, ACS3-HMAC-SHA256 signed). */
export function aliyunSms(options: AliyunSmsOptions): Transport {
  const client = new Client(
    new $OpenApiUtil.Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: options.endpoint.host,
      protocol: options.endpoint.protocol.replace(':', ''),
    }),
  )
  const runtime = new $dara.RuntimeOptions({ autoretry: false, connectTimeout: options.timeoutMs, readTimeout: options.timeoutMs })
  return {
    name: 'aliyun',
    async deliver(message: QueuedMessage) {
      const { signName, templateId } = signAndTemplate(options, message.template, message.to)
      const request = new Dysmsapi.SendSmsRequest({
        phoneNumbers: aliyunPhoneNumber(message.to),
        signName,
        templateCode: templateId,
        templateParam: JSON.stringify(Object.fromEntries(smsVariables(message.template, message.params, message.locale))),
        outId: message.idempotencyKey ?? String(message.id),
      })
      let body: Dysmsapi.SendSmsResponseBody | undefined
      try {
        body = (await client.sendSmsWithOptions(request, runtime)).body
      } catch (error) {
        // HTTP 4xx/5xx (bad signature, unknown key, throttling) carry a code; a network failure none.
        const { code, message: text } = error as { code?: string; message?: string }
        throw classify(code && !/^E[A-Z]+$/.test(code) ? code : 'network', text ?? String(error), error)
      }
      if (body?.code !== 'OK') throw classify(body?.code ?? 'unknown', body?.message ?? 'no answer')
      return { providerMessageId: body.bizId }
    },
  }
}
