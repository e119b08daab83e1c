import type { CommonTexts } from './types'

export const common: CommonTexts = {
  appName: 'ESS 运营控制台',
  language: '语言',
  languageNames: { 'zh-CN': '简体中文', 'en-US': 'English' },
  roles: {
    admin: '管理员',
    content_editor: '内容编辑',
    content_publisher: '内容发布',
    agreement_manager: '协议管理',
    roster_manager: '花名册管理',
    support_agent: '客服支持',
    auditor: '审计员',
  },
  menu: { home: '首页', audit: '审计日志', security: '我的安全', support: '客服查询', roster: '花名册', operators: '操作员管理', notices: '员工通知' },
  operatorMenu: { security: '我的安全', signOut: '退出登录', roles: '角色' },
  errors: {
    network: '网络异常，请稍后重试',
    unknown: '操作失败，请稍后重试',
    secureContext: '浏览器无法在此地址加密密码：请通过 https 或 localhost 打开控制台',
  },
  actions: { cancel: '取消', confirm: '确定', copy: '复制', copied: '已复制', download: '下载', search: '查询', reset: '重置', retry: '重试' },
  notFound: { title: '页面不存在', back: '返回首页' },
  refine: {
    'buttons.refresh': '刷新',
    'buttons.logout': '退出登录',
    'table.actions': '操作',
    'notifications.error': '出错了',
    'pages.error.404': '页面不存在',
    'pages.error.backHome': '返回首页',
    'warnWhenUnsavedChanges': '有未保存的修改，确定离开吗？',
  },
}
