import type { paths } from '../../api/schema'

/** One row of the audit log as `GET /app/console/audit` answers it. */
export type AuditEntry = paths['/app/console/audit']['get']['responses'][200]['content']['application/json']['data']['data']['items'][number]
