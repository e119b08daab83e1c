import type { Bilingual, Locale } from '@ess/contract'
import type { SmsInternational } from '../../../config'
import { DeliveryError } from '../delivery'
import type { TemplateName, TextTemplate } from '../templates'

/**
 * Chinese SMS providers send only templates approved in advance, filled with parameters. Each of
 * our templates maps to one provider template (its id in SMS_TEMPLATE_*), registered with these
 * variables in this order (Tencent takes them by position, Aliyun by name), e.g. for
 * verificationCode: "您的验证码是${code}，${minutes}分钟内有效。请勿将验证码告诉他人。"
 */
export const SMS_TEMPLATE_VARIABLES = {
  verificationCode: ['code', 'minutes'],
  passwordChanged: ['time', 'device', 'hotline'],
  contactChanged: ['what', 'time', 'device', 'hotline'],
} as const satisfies Record<TextTemplate, readonly string[]>

/** Parameters that must not stay in the database once a real transport took the message. */
export const SECRET_PARAMS: Record<TemplateName, readonly string[]> = {
  verificationCode: ['code'],
  passwordChanged: [],
  contactChanged: [],
  subscribeMessage: [],
}

export type SmsTemplateIds = Record<TextTemplate, string>

const WHAT: Record<string, Bilingual> = {
  phone: { 'zh-CN': '手机号', 'en-US': 'phone number' },
  email: { 'zh-CN': '邮箱', 'en-US': 'email address' },
}

/** Aliyun's limit on one variable's value (35 characters); Tencent's is larger. */
const MAX_VALUE = 35

/** A template an SMS can carry (a WeChat subscribe message is not one: refused for good). */
function smsTemplate(template: TemplateName): TextTemplate {
  if (template === 'subscribeMessage') throw new DeliveryError(true, 'not-sms', `${template} is not an SMS template`)
  return template
}

/** The template's variables in order, as text (words translated, long values cut to the providers' limit). */
export function smsVariables(template: TemplateName, params: Record<string, string>, locale: Locale): Array<[string, string]> {
  return SMS_TEMPLATE_VARIABLES[smsTemplate(template)].map((name: string) => {
    const raw = params[name] ?? ''
    const value = name === 'what' && WHAT[raw] ? WHAT[raw][locale] : raw
    return [name, value.slice(0, MAX_VALUE)]
  })
}

/**
 * Aliyun's PhoneNumbers: a mainland number without +86; any other as country code + number without
 * "+" or "00" (its SendSms document: "国际/港澳台消息：国际区号+号码", e.g. 85200000000).
 */
export function aliyunPhoneNumber(e164: string): string {
  return e164.startsWith('+86') ? e164.slice(3) : e164.replace(/^\+/, '')
}

export const isMainland = (e164: string) => e164.startsWith('+86')

/** The code of a message no template is configured for (a number outside mainland China without SMS_INTL_TEMPLATE_*). */
export const NO_REGION_TEMPLATE = 'no-template-for-region'

/**
 * The signature and template a message to `to` goes with: mainland numbers the domestic ones,
 * others the international / HK-Macao-Taiwan ones (a real provider refuses a domestic template
 * for them). Throws a permanent DeliveryError when that region has no template configured.
 */
export function signAndTemplate(
  settings: { signName: string; templates: SmsTemplateIds; international: SmsInternational },
  template: TemplateName,
  to: string,
): { signName?: string; templateId: string } {
  template = smsTemplate(template)
  if (isMainland(to)) return { signName: settings.signName, templateId: settings.templates[template as TextTemplate] }
  const templateId = settings.international.templates[template as TextTemplate]
  if (!templateId) throw new DeliveryError(true, NO_REGION_TEMPLATE, `no international SMS template for ${template}`)
  return { signName: settings.international.signName, templateId }
}
