import type { UserCenterDictionary } from './types'

const userCenter: UserCenterDictionary = {
  greeting: '您好，欢迎使用员工服务',
  visitorHint: '登录后可查看薪资、社保、公积金等个人服务',
  loginRegister: '登录 / 注册',
  accountSecurity: '账号与安全',
  settings: '设置',
  language: '多语言',
  help: '帮助中心',
  customerService: '客户服务',
  version: '版本信息',
  avatarLabel: '头像',
  loggedInHint: '欢迎回来',
  certified: '已实名',
  notCertified: '未实名',
  certificationExpired: '认证已失效',
  verifyNow: '去认证',
  personalInfo: '个人信息',
  employeeRecord: '员工档案',
  logout: '退出登录',
}

export default userCenter
