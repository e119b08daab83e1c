import type { AssistantDictionary } from './types'

const assistant: AssistantDictionary = {
  name: '智能客服',
  intro: '您好，我是智能客服。账号登录、实名认证、工资社保、隐私设置等常见问题都可以问我。',
  suggested: '猜你想问',
  messages: '对话记录',
  you: '我',
  inputPlaceholder: '请输入您的问题',
  inputLabel: '向智能客服提问',
  send: '发送',
  thinking: '正在为您查找答案…',
  readArticle: '查看完整解答',
  related: '相关问题',
  notMatched: '抱歉，我暂时没有找到相关答案。您可以换个说法再问，或联系人工客服。',
  human: '转人工',
  humanText: '人工客服热线：{phone}',
  humanHours: '服务时间：{hours}',
  callNow: '立即拨打',
  failed: '发送失败，请稍后重试',
  starting: '正在连接智能客服…',
  startFailed: '智能客服暂时无法连接，请稍后重试，或拨打人工客服热线。',
  retry: '重新连接',
  abnormal: '账号信息获取失败，暂时无法使用智能客服，请联系人工客服。',
}

export default assistant
