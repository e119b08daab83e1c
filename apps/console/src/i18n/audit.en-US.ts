import type { AuditTexts } from './types'

export const audit: AuditTexts = {
  title: 'Audit log',
  filters: {
    operator: 'Operator',
    operatorPlaceholder: 'Email or id (exact)',
    action: 'Action',
    actionPlaceholder: 'e.g. operator.sign_in',
    resourceType: 'Resource type',
    resourceTypePlaceholder: 'e.g. operator, cms',
    time: 'Time',
  },
  columns: { at: 'Time', operator: 'Operator', action: 'Action', resource: 'Resource', changed: 'Changed', ip: 'Address', reason: 'Reason' },
  export: 'Export CSV',
  exporting: 'Exporting…',
  total: '{total} entries',
  detail: { title: 'Audit entry', before: 'Before', after: 'After', userAgent: 'User agent', traceId: 'Trace id', roles: 'Roles then', none: 'None' },
  nobody: '(unknown account)',
}
