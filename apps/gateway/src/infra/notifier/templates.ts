import type { Bilingual, Locale } from '@ess/contract'

/** Parameters of each message template. */
export interface TemplateParams {
  verificationCode: { code: string; minutes: string }
  /** After a password change or reset: when (China time), from which device, and the hotline. */
  passwordChanged: { time: string; device: string; hotline: string }
  /** To the old phone or email after it was replaced or removed: what changed, when, the hotline. */
  contactChanged: { what: 'phone' | 'email'; time: string; device: string; hotline: string }
  /**
   * A WeChat subscribe message (channel wechat, to an open id): WeChat's template id, the page it
   * opens, the mini-program version and language, its fields as JSON (`{"thing1":{"value":"…"}}`),
   * and a line for people reading the queue (the notice's title).
   */
  subscribeMessage: { templateId: string; page: string; state: string; lang: string; data: string; summary: string }
}
export type TemplateName = keyof TemplateParams
/** The templates of text messages (SMS, email). */
export type TextTemplate = Exclude<TemplateName, 'subscribeMessage'>

interface Template<P> {
  sms: (p: P) => Bilingual
  email: { subject: (p: P) => Bilingual; text: (p: P) => Bilingual }
}

const BRAND: Bilingual = { 'zh-CN': '员工服务', 'en-US': 'Employee Services' }

const WHAT: Record<'phone' | 'email', Bilingual> = {
  phone: { 'zh-CN': '手机号', 'en-US': 'phone number' },
  email: { 'zh-CN': '邮箱', 'en-US': 'email address' },
}

/** A security notice: the same sentence by SMS (with the brand in front) and by email. */
function notice<P>(subject: Bilingual, sentence: (p: P) => Bilingual): Template<P> {
  return {
    sms: (p) => ({ 'zh-CN': `【${BRAND['zh-CN']}】${sentence(p)['zh-CN']}`, 'en-US': `[${BRAND['en-US']}] ${sentence(p)['en-US']}` }),
    email: {
      subject: () => subject,
      text: (p) => ({
        'zh-CN': ['您好：', '', sentence(p)['zh-CN'], '', BRAND['zh-CN']].join('\n'),
        'en-US': ['Hello,', '', sentence(p)['en-US'], '', BRAND['en-US']].join('\n'),
      }),
    },
  }
}

const templates: { [N in TextTemplate]: Template<TemplateParams[N]> } = {
  passwordChanged: notice(
    { 'zh-CN': `${BRAND['zh-CN']}：您的登录密码已修改`, 'en-US': `${BRAND['en-US']}: your password was changed` },
    ({ time, device, hotline }) => ({
      'zh-CN': `您的账号登录密码已于北京时间${time}在${device}上修改，其他设备已退出登录。如非本人操作，请立即致电${hotline}。`,
      'en-US': `Your password was changed at ${time} (UTC+8) on ${device}; other devices were signed out. Not you? Call ${hotline} at once.`,
    }),
  ),
  contactChanged: notice(
    { 'zh-CN': `${BRAND['zh-CN']}：账号绑定信息已变更`, 'en-US': `${BRAND['en-US']}: your sign-in details changed` },
    ({ what, time, device, hotline }) => ({
      'zh-CN': `您账号绑定的${WHAT[what]['zh-CN']}已于北京时间${time}在${device}上变更，此${WHAT[what]['zh-CN']}不再用于登录和接收验证码。如非本人操作，请立即致电${hotline}。`,
      'en-US': `The ${WHAT[what]['en-US']} of your account was changed at ${time} (UTC+8) on ${device}; this ${WHAT[what]['en-US']} no longer signs in or receives codes. Not you? Call ${hotline} at once.`,
    }),
  ),
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
  channel: 'sms' | 'email' | 'wechat',
  template: N,
  params: TemplateParams[N],
  locale: Locale,
): RenderedMessage {
  // WeChat renders a subscribe message from its own template: the queue keeps its summary line.
  if (template === 'subscribeMessage' || channel === 'wechat') {
    if (template !== 'subscribeMessage' || channel !== 'wechat') throw new Error(`template ${template} is not a ${channel} message`)
    return { body: (params as TemplateParams['subscribeMessage']).summary }
  }
  const t = templates[template as TextTemplate] as unknown as Template<TemplateParams[N]>
  if (channel === 'sms') return { body: t.sms(params)[locale] }
  return { subject: t.email.subject(params)[locale], body: t.email.text(params)[locale] }
}
