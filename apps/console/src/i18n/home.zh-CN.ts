import type { HomeTexts } from './types'

export const home: HomeTexts = {
  welcome: '欢迎，{name}',
  signedInAs: '当前登录：{email}',
  rolesTitle: '您的角色',
  holdsTitle: '控制台包含',
  holds: [
    { title: '首页与服务页楼层', text: '编辑横幅、公告、宫格等楼层，预览后发布或定时发布，可回滚历史版本', roles: ['content_editor', 'content_publisher'] },
    { title: '资讯与办事指南', text: '双语富文本文章、封面与分类，草稿、预览、发布与下线', roles: ['content_editor', 'content_publisher'] },
    { title: '用户协议与隐私政策', text: '编辑新版本、查看与现行版本的差异，发布后员工需重新签署', roles: ['agreement_manager'] },
    { title: '审计日志', text: '每一次变更与敏感查看：何时、何人、何事、变更前后、来源地址', roles: ['auditor', 'admin'] },
    { title: '员工通知', text: '薪资、体检、灵活用工或系统通知，中英双语，发送给全部员工、指定公司或名单：立即或定时', roles: ['admin'] },
    { title: '操作员管理', text: '邀请操作员、调整角色、停用、重置二次验证、结束会话', roles: ['admin'] },
    { title: '我的安全', text: '登录会话、通行密钥与恢复码', roles: ['admin', 'content_editor', 'content_publisher', 'agreement_manager', 'roster_manager', 'support_agent', 'auditor'] },
  ],
  sessionEnds: '会话将于 {time} 结束（30 分钟无操作则提前结束）',
}
