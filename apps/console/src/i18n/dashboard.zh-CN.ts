import type { DashboardTexts } from './types'

export const dashboard: DashboardTexts = {
  title: '运营概览',
  today: '今日（北京时间）',
  last30: '近30天',
  computedAt: '{time} 的数据，每分钟更新',
  loadFailed: '数据加载失败',
  figures: {
    registrations: '注册',
    verifications: '实名认证',
    signIns: '登录',
    signInFailures: '登录失败',
    lockouts: '账号锁定',
    smsSent: '短信发送',
    smsFailed: '短信失败',
    emailSent: '邮件发送',
    emailFailed: '邮件失败',
    noticesDelivered: '通知送达',
  },
  queue: { title: '发送队列（当前）', waiting: '等待发送', failed: '发送失败' },
  agreements: { title: '协议重新签署', resigned: '已重新签署', pending: '待签署' },
  charts: { accounts: '注册与实名认证', signIns: '登录', messages: '各渠道消息', notices: '通知送达' },
}
