import type { Database } from '../../db/client'
import type { AuditInput } from '../audit/record'

/**
 * What a content change tells the audit log, written by the caller's `ContentAudit` inside the
 * change's transaction (so neither is kept without the other). Routes bind it to the operator's
 * request (recordAudit); a planned change run by the scheduler, to the operator who planned it.
 */
export type ContentAuditEntry = Omit<AuditInput, 'actor'>
export type ContentAudit = (tx: Database, entry: ContentAuditEntry) => Promise<void>
