import type { CancellationDictionary } from './types'

const cancellation: CancellationDictionary = {
  heroTitle: '注销账号',
  heroText: '注销后账号将被永久删除，无法恢复，请谨慎操作',
  lossesTitle: '注销后，以下内容将被删除',
  losses: {
    profile: '个人资料、头像和用户名',
    contacts: '绑定的手机号和邮箱（可重新注册新账号）',
    realName: '实名认证关联，以及加密保存的证件号、银行卡号',
    bindings: '微信、QQ、微博等第三方账号绑定',
    history: '登录设备、安全记录和消息通知',
    services: '通过本账号查看工资条、社保、公积金、理赔和体检信息的权限',
  },
  holdsPhone: '当前绑定手机号：{phone}',
  holdsEmail: '当前绑定邮箱：{email}',
  realNameLinked: '您已完成实名认证，注销后新账号需重新认证',
  beforeTitle: '注销前请确认',
  before: [
    '医疗理赔、福利领取、体检预约等事项已办理完毕，或您自愿放弃',
    '注销不影响您与用人单位的劳动关系，也不影响社保、公积金、税务等机构依法保存的记录',
    '注销需先验证身份，确认后立即生效',
  ],
  hotline: '如有疑问，请拨打客服热线 {phone}',
  next: '申请注销',
  confirmIntro: '身份已验证。请阅读并同意《账号注销协议》，确认后账号将立即注销。',
  agreeSentence: '我已阅读并同意{links}',
  confirmButton: '确认注销',
  confirmDialog: '注销后账号无法恢复，所有数据将被删除。确定要注销吗？',
  keepAccount: '保留账号',
  done: '账号已注销',
}

export default cancellation
