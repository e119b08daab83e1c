import { ApiError, api, unwrap } from '../../api/client'
import { saveFile } from '../../components/files/save-file'
import type { RosterCompany, RosterEditResult, RosterEmployee, RosterImportReport } from './types'

/** The roster calls of the console (the list goes through the data provider). */
export const rosterApi = {
  companies: (network: string) => unwrap<RosterCompany[]>(api.GET('/app/console/roster/companies') as never, network),
  show: (id: string, network: string) => unwrap<RosterEmployee>(api.GET('/app/console/roster/employees/{id}', { params: { path: { id } } }) as never, network),
  edit: (id: string, body: Record<string, string | null>, network: string) =>
    unwrap<RosterEditResult>(api.PATCH('/app/console/roster/employees/{id}', { params: { path: { id } }, body: body as never }) as never, network),
  end: (id: string, body: { endedOn: string; reason: string }, network: string) =>
    unwrap<RosterEmployee>(api.POST('/app/console/roster/employees/{id}/end', { params: { path: { id } }, body }) as never, network),
  /** Sends the file to be checked (multipart field `file`); nothing is written. */
  check: (file: File, network: string) => {
    const form = new FormData()
    form.append('file', file)
    return unwrap<RosterImportReport>(api.POST('/app/console/roster/imports/check', { body: form as never }) as never, network)
  },
  /** Sends the same file again with the SHA-256 of its check: applied in one transaction, or nothing. */
  apply: (file: File, sha256: string, network: string) => {
    const form = new FormData()
    form.append('sha256', sha256)
    form.append('file', file)
    return unwrap<RosterImportReport>(api.POST('/app/console/roster/imports/apply', { body: form as never }) as never, network)
  },
  /** Downloads the employed roster (of a company) as CSV: a step-up action (the caller wraps it in useStepUp). */
  export: async (companyCode: string | undefined) => {
    const { data, error, response } = await api.GET('/app/console/roster/export', { params: { query: companyCode ? { companyCode } : {} }, parseAs: 'blob' })
    if (!response.ok) {
      const body = (typeof error === 'object' && error !== null ? error : {}) as { errorCode?: string; msg?: string }
      throw new ApiError(body.errorCode ?? `HTTP_${response.status}`, body.msg ?? response.statusText, response.status)
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'roster.csv'
    saveFile(data as Blob, name)
  },
}
