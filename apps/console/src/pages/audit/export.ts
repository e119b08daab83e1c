import type { CrudFilter } from '@refinedev/core'
import { ApiError, api } from '../../api/client'
import { saveFile } from '../../components/files/save-file'
import { auditQuery } from '../../providers/data'

/**
 * Downloads the filtered audit log as CSV (`GET /app/console/audit/export`): the gateway writes
 * the file (cells neutralised against formula injection) and audits the export.
 */
export async function exportAudit(filters: CrudFilter[]) {
  const { page: _page, pageSize: _size, ...query } = auditQuery({ filters })
  // openapi-fetch reads the body into `data` (parseAs 'blob'): the response's body is used up.
  const { data, error, response } = await api.GET('/app/console/audit/export', { params: { query }, parseAs: 'blob' })
  if (!response.ok) {
    const body = (typeof error === 'object' && error !== null ? error : {}) as { errorCode?: string; msg?: string }
    throw new ApiError(body.errorCode ?? `HTTP_${response.status}`, body.msg ?? response.statusText, response.status)
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv'
  saveFile(data as Blob, name)
}
