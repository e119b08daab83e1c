import type { AccountSecurityDictionary } from './types'

const accountSecurity: AccountSecurityDictionary = {
  signInMethods: '登录方式',
  phone: '手机号',
  email: '邮箱',
  password: '登录密码',
  passwordSet: '已设置',
  passwordNotSet: '未设置',
  notBound: '未绑定',
  thirdParty: '第三方账号',
  sessions: '登录设备',
  signOutAll: '退出所有设备',
  signOutAllHint: '在所有手机和浏览器上退出登录，包括本设备',
  signOutAllConfirm: '确定要在所有设备上退出登录吗？退出后需要重新登录。',
  cancelAccount: '注销账号',
  cancelAccountHint: '注销后无法恢复，请谨慎操作',
  devices: '登录设备与记录',
  devicesHint: '查看已登录的设备和近 30 天的安全记录',
}

export default accountSecurity
