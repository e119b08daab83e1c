import type { Locale, PrivacyInfoType, PrivacyScene } from '@ess/contract'

type Text = Record<Locale, string>

/**
 * What each type of personal information is, why it is collected and where (the MIIT 2021
 * collected-information list). Kept beside the ledger so a new collecting place adds its type and
 * scene here and in the contract, nowhere else.
 */
export const INFO_TYPES: Record<PrivacyInfoType, { name: Text; purpose: Text; scenes: PrivacyScene[] }> = {
  phone: {
    name: { 'zh-CN': '手机号码', 'en-US': 'Mobile number' },
    purpose: { 'zh-CN': '注册、登录账号，接收验证码和安全通知', 'en-US': 'Registering and signing in, receiving verification codes and security notices' },
    scenes: ['register', 'codeSent', 'contactBind'],
  },
  email: {
    name: { 'zh-CN': '电子邮箱', 'en-US': 'Email address' },
    purpose: { 'zh-CN': '注册、登录账号，接收验证码和安全通知', 'en-US': 'Registering and signing in, receiving verification codes and security notices' },
    scenes: ['register', 'codeSent', 'contactBind'],
  },
  deviceId: {
    name: { 'zh-CN': '设备标识', 'en-US': 'Device identifier' },
    purpose: { 'zh-CN': '识别登录设备，保障账号安全（登录设备管理）', 'en-US': 'Recognising the devices you sign in on, for the security of your account' },
    scenes: ['signIn'],
  },
  ipAddress: {
    name: { 'zh-CN': '网络地址（IP）', 'en-US': 'Network address (IP)' },
    purpose: { 'zh-CN': '登录记录与异常登录提醒，防范盗号', 'en-US': 'Sign-in history and unusual sign-in alerts, against account theft' },
    scenes: ['signIn'],
  },
  name: {
    name: { 'zh-CN': '姓名', 'en-US': 'Name' },
    purpose: { 'zh-CN': '实名认证，核对您在服务企业的员工身份', 'en-US': 'Real-name verification against your employer’s roster' },
    scenes: ['realName'],
  },
  idNumber: {
    name: { 'zh-CN': '身份证号码', 'en-US': 'ID number' },
    purpose: { 'zh-CN': '实名认证，查询工资、社保、公积金等敏感服务', 'en-US': 'Real-name verification, for payslips, social insurance, housing fund and other sensitive services' },
    scenes: ['realName'],
  },
  bankCard: {
    name: { 'zh-CN': '银行卡号', 'en-US': 'Bank card number' },
    purpose: { 'zh-CN': '银行卡方式实名认证', 'en-US': 'Real-name verification by bank card' },
    scenes: ['realName'],
  },
  bankPhone: {
    name: { 'zh-CN': '银行预留手机号', 'en-US': 'Phone number held by the bank' },
    purpose: { 'zh-CN': '银行卡方式实名认证时接收验证码', 'en-US': 'Receiving the code of a real-name verification by bank card' },
    scenes: ['realName'],
  },
  profile: {
    name: { 'zh-CN': '个人资料（用户名、地址、邮编）', 'en-US': 'Profile (username, address, postcode)' },
    purpose: { 'zh-CN': '完善个人资料，用于账号展示和邮寄', 'en-US': 'Your profile, shown on your account and used for mail' },
    scenes: ['profileEdit'],
  },
  avatar: {
    name: { 'zh-CN': '头像', 'en-US': 'Avatar' },
    purpose: { 'zh-CN': '在个人中心展示您的头像', 'en-US': 'Showing your picture in the personal center' },
    scenes: ['avatarUpload'],
  },
  thirdPartyAccount: {
    name: { 'zh-CN': '第三方账号信息', 'en-US': 'Third-party account' },
    purpose: { 'zh-CN': '绑定微信、QQ、微博后用其登录', 'en-US': 'Signing in with a bound WeChat, QQ or Weibo account' },
    scenes: ['thirdPartyBind'],
  },
}

export const SCENES: Record<PrivacyScene, Text> = {
  register: { 'zh-CN': '注册账号', 'en-US': 'Registration' },
  signIn: { 'zh-CN': '登录', 'en-US': 'Sign-in' },
  realName: { 'zh-CN': '实名认证', 'en-US': 'Real-name verification' },
  profileEdit: { 'zh-CN': '编辑个人资料', 'en-US': 'Profile edit' },
  avatarUpload: { 'zh-CN': '上传头像', 'en-US': 'Avatar upload' },
  codeSent: { 'zh-CN': '发送验证码', 'en-US': 'Verification code sent' },
  contactBind: { 'zh-CN': '绑定或更换手机号、邮箱', 'en-US': 'Binding or changing a phone or email' },
  thirdPartyBind: { 'zh-CN': '绑定第三方账号', 'en-US': 'Third-party binding' },
}

/** The third-party sharing list (MIIT 2021): who receives personal information, what, why, how. */
export const THIRD_PARTIES: Array<{ id: string; recipient: Text; purpose: Text; data: Text; method: Text; when: 'always' | 'smtp' | 'sms' | 'oauth' }> = [
  {
    id: 'legacyUserCenter',
    recipient: { 'zh-CN': '人力资源服务商原有服务平台（工资、社保、公积金、医疗理赔、体检）', 'en-US': "The HR provider's older service pages (payroll, social insurance, housing fund, medical claims, check-ups)" },
    purpose: { 'zh-CN': '您从首页进入上述服务时免再次登录', 'en-US': 'Opening those services from Home without signing in again' },
    data: { 'zh-CN': '用户标识、脱敏手机号；实名后另含脱敏姓名、工号、所在企业', 'en-US': 'User id and masked phone; once verified, masked name, employee number and company' },
    method: { 'zh-CN': '一次性授权码，服务器间交换（有效期120秒，仅可使用一次）', 'en-US': 'A one-time code exchanged server to server (valid 120 s, single use)' },
    when: 'always',
  },
  {
    id: 'sms',
    recipient: { 'zh-CN': '短信服务商', 'en-US': 'SMS provider' },
    purpose: { 'zh-CN': '发送验证码和账号安全通知', 'en-US': 'Sending verification codes and security notices' },
    data: { 'zh-CN': '手机号码、短信内容', 'en-US': 'Mobile number, message text' },
    method: { 'zh-CN': '加密接口传输', 'en-US': 'Encrypted API call' },
    when: 'sms',
  },
  {
    id: 'email',
    recipient: { 'zh-CN': '邮件发送服务商', 'en-US': 'Email provider' },
    purpose: { 'zh-CN': '发送验证码和账号安全通知', 'en-US': 'Sending verification codes and security notices' },
    data: { 'zh-CN': '电子邮箱、邮件内容', 'en-US': 'Email address, message text' },
    method: { 'zh-CN': 'SMTP（TLS加密）', 'en-US': 'SMTP (TLS)' },
    when: 'smtp',
  },
  {
    id: 'oauth',
    recipient: { 'zh-CN': '微信、QQ、微博（仅在您绑定后）', 'en-US': 'WeChat, QQ, Weibo (only once you bind them)' },
    purpose: { 'zh-CN': '使用第三方账号登录', 'en-US': 'Signing in with a third-party account' },
    data: { 'zh-CN': '第三方平台返回的账号标识；我们不向其提供您的其他信息', 'en-US': 'The account id the platform returns; nothing else of yours is given to it' },
    method: { 'zh-CN': 'OAuth 2.0 授权', 'en-US': 'OAuth 2.0 authorisation' },
    when: 'oauth',
  },
]
