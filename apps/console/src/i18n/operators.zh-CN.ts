import type { OperatorsTexts } from './types'

export const operators: OperatorsTexts = {
  title: '操作员管理',
  invite: '邀请操作员',
  refresh: '刷新',
  columns: { operator: '操作员', roles: '角色', status: '状态', lastSignIn: '最近登录', sessions: '会话', created: '添加时间' },
  status: { invited: '已邀请', active: '启用', disabled: '已停用' },
  never: '从未登录',
  linkOpenUntil: '链接有效至 {time}',
  actions: { roles: '角色', disable: '停用', enable: '启用', reset: '重置二次验证', sessions: '会话', renew: '新链接', more: '更多' },
  confirm: {
    disable: '确定停用 {name}？其会话将全部退出，且不能再登录。',
    enable: '确定重新启用 {name}？',
    reset: '确定重置 {name} 的二次验证？验证器、通行密钥和恢复码将被删除，会话全部退出，并生成新的邀请链接重新设置密码和验证器。',
  },
  done: { roles: '角色已保存', disabled: '操作员已停用', enabled: '操作员已启用', revoked: '会话已结束' },
  inviteForm: {
    title: '邀请操作员',
    email: '邮箱',
    emailPlaceholder: 'name@company.com',
    displayName: '显示名称',
    displayNamePlaceholder: '选填，默认使用邮箱用户名',
    roles: '角色',
    rolesRequired: '请至少选择一个角色',
    submit: '生成邀请链接',
  },
  rolesForm: { title: '{name} 的角色', lastAdminHint: '至少需保留一名启用的管理员。' },
  link: {
    title: '邀请链接',
    hint: '请通过可信渠道将此链接交给 {email}。链接只能使用一次，并在下方时间前有效；仅此一次显示。',
    expires: '有效期至 {time}',
  },
  sessions: { title: '{name} 的会话', empty: '暂无在线会话', revoke: '结束会话', revokeConfirm: '确定结束此会话？该设备需要重新登录。' },
  you: '本人',
}
