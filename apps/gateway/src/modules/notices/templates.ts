import type { NOTICE_TEMPLATES, NoticeTemplateId } from '@ess/contract'
import type { NoticeText } from './service'

type Params<I extends NoticeTemplateId> = Record<(typeof NOTICE_TEMPLATES)[I]['params'][number], string>

/** The words of the notices a system may send by template id (contract NOTICE_TEMPLATES), in both languages. */
const TEXTS: { [I in NoticeTemplateId]: (p: Params<I>) => NoticeText } = {
  salaryPaid: ({ month }) => ({
    title: { 'zh-CN': `${month}工资已发放`, 'en-US': `Your salary for ${month} has been paid` },
    body: {
      'zh-CN': `您${month}的工资已发放至工资卡，可在“工资条”查看明细。如有疑问，请联系人力资源服务热线。`,
      'en-US': `Your salary for ${month} has been paid into your salary account. See the details under Payslips; for questions, call the HR service hotline.`,
    },
  }),
  examReservationConfirmed: ({ date, hospital }) => ({
    title: { 'zh-CN': '体检预约成功', 'en-US': 'Your check-up is booked' },
    body: {
      'zh-CN': `您已预约${date}在${hospital}体检，请按时空腹前往并携带身份证件。`,
      'en-US': `Your check-up is booked for ${date} at ${hospital}. Please come fasting and bring your ID.`,
    },
  }),
  examReportReady: ({ hospital }) => ({
    title: { 'zh-CN': '体检报告已出', 'en-US': 'Your check-up report is ready' },
    body: { 'zh-CN': `您在${hospital}的体检报告已出，可在“体检服务”中查看。`, 'en-US': `Your check-up report from ${hospital} is ready; see it under Check-ups.` },
  }),
  flexiblePaymentPaid: ({ month, amount }) => ({
    title: { 'zh-CN': `${month}灵活用工报酬已发放`, 'en-US': `Your flexible-work pay for ${month} has been paid` },
    body: {
      'zh-CN': `您${month}的灵活用工报酬${amount}元已发放，请注意查收。`,
      'en-US': `Your flexible-work pay for ${month}, CNY ${amount}, has been paid.`,
    },
  }),
}

/** The text of a template with its (validated) parameters. */
export function templateText(id: NoticeTemplateId, params: Record<string, string>): NoticeText {
  return (TEXTS[id] as (p: Record<string, string>) => NoticeText)(params)
}
