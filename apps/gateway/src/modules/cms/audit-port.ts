import type { Database } from '../../db/client'

/**
 * What a content change tells the audit log, written by the caller's `Audit` inside the change's
 * transaction (so neither is kept without the other). Routes bind it to the operator's request.
 */
export interface ContentAuditEntry {
  action: string
  resourceType: string
  resourceId: string
  before: unknown
  after: unknown
  reason?: string
}
export type ContentAudit = (tx: Database, entry: ContentAuditEntry) => Promise<void>
