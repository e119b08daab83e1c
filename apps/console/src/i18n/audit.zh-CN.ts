import type { AuditTexts } from './types'

export const audit: AuditTexts = {
  title: '审计日志',
  filters: {
    operator: '操作人',
    operatorPlaceholder: '邮箱或 ID（精确匹配）',
    action: '操作',
    actionPlaceholder: '如 operator.sign_in',
    resourceType: '对象类型',
    resourceTypePlaceholder: '如 operator、cms',
    time: '时间',
  },
  columns: { at: '时间', operator: '操作人', action: '操作', resource: '对象', changed: '变更字段', ip: '网络地址', reason: '原因' },
  export: '导出 CSV',
  exporting: '正在导出…',
  total: '共 {total} 条',
  detail: { title: '审计详情', before: '变更前', after: '变更后', userAgent: '用户代理', traceId: '追踪 ID', roles: '当时角色', none: '无' },
  nobody: '（未知账号）',
}
