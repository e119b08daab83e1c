import type { Bilingual, Locale } from '@ess/contract'

/** Parameters of each message template. */
export interface TemplateParams {
  verificationCode: { code: string; minutes: string }
}
export type TemplateName = keyof TemplateParams

interface Template<P> {
  sms: (p: P) => Bilingual
  email: { subject: (p: P) => Bilingual; text: (p: P) => Bilingual }
}

const BRAND: Bilingual = { 'zh-CN': '员工服务', 'en-US': 'Employee Services' }

const templates: { [N in TemplateName]: Template<TemplateParams[N]> } = {
  verificationCode: {
    sms: ({ code, minutes }) => ({
      'zh-CN': `【${BRAND['zh-CN']}】您的验证码是${code}，${minutes}分钟内有效。请勿将验证码告诉他人。`,
      'en-US': `[${BRAND['en-US']}] Your verification code is ${code}. It is valid for ${minutes} minutes. Never share it with anyone.`,
    }),
    email: {
      subject: ({ code }) => ({
        'zh-CN': `${BRAND['zh-CN']}验证码：${code}`,
        'en-US': `${BRAND['en-US']} verification code: ${code}`,
      }),
      text: ({ code, minutes }) => ({
        'zh-CN': [
          '您好：',
          '',
          `您的验证码是：${code}`,
          `验证码${minutes}分钟内有效，请勿将验证码告诉他人。`,
          '如非本人操作，请忽略本邮件，您的账号仍然安全。',
          '',
          `${BRAND['zh-CN']}`,
        ].join('\n'),
        'en-US': [
          'Hello,',
          '',
          `Your verification code is: ${code}`,
          `It is valid for ${minutes} minutes. Never share it with anyone.`,
          'If you did not ask for it, ignore this email: your account is still safe.',
          '',
          `${BRAND['en-US']}`,
        ].join('\n'),
      }),
    },
  },
}

export interface RenderedMessage {
  subject?: string
  body: string
}

export function renderMessage<N extends TemplateName>(
  channel: 'sms' | 'email',
  template: N,
  params: TemplateParams[N],
  locale: Locale,
): RenderedMessage {
  const t = templates[template] as Template<TemplateParams[N]>
  if (channel === 'sms') return { body: t.sms(params)[locale] }
  return { subject: t.email.subject(params)[locale], body: t.email.text(params)[locale] }
}
