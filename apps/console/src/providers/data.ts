import type { BaseRecord, CrudFilter, DataProvider, GetListParams, GetListResponse } from '@refinedev/core'
import { ApiError, api, unwrap } from '../api/client'

/** The value of an `eq` filter on `field`, or of each end of a `between` one. */
function filterValue(filters: CrudFilter[] | undefined, field: string): unknown {
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.field === field && filter.value !== undefined && filter.value !== '' && filter.value !== null) return filter.value
  }
  return undefined
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
const instant = (value: unknown) => (value ? new Date(value as string | number | Date).toISOString() : undefined)

/** The filters of a list as the console calls take them, and paging from Refine's. */
export function auditQuery({ pagination, filters }: Pick<GetListParams, 'pagination' | 'filters'>) {
  const [from, to] = (filterValue(filters, 'at') as [unknown, unknown] | undefined) ?? []
  return {
    page: pagination?.currentPage ?? 1,
    pageSize: pagination?.pageSize ?? 20,
    operator: text(filterValue(filters, 'operator')),
    action: text(filterValue(filters, 'action')),
    resourceType: text(filterValue(filters, 'resourceType')),
    from: instant(from),
    to: instant(to),
  }
}

/** The roster search as `GET /app/console/roster/employees` takes it. */
export function rosterQuery({ pagination, filters }: Pick<GetListParams, 'pagination' | 'filters'>) {
  const status = text(filterValue(filters, 'status'))
  return {
    page: pagination?.currentPage ?? 1,
    pageSize: pagination?.pageSize ?? 20,
    companyCode: text(filterValue(filters, 'companyCode')),
    name: text(filterValue(filters, 'name')),
    employeeNo: text(filterValue(filters, 'employeeNo')),
    idNo: text(filterValue(filters, 'idNo')),
    status: (status === 'ended' || status === 'all' ? status : 'active') as 'active' | 'ended' | 'all',
  }
}

/** The filters of the articles list (kind, state, category) and paging. */
export function articlesQuery({ pagination, filters }: Pick<GetListParams, 'pagination' | 'filters'>) {
  const oneOf = <T extends string>(value: unknown, allowed: readonly T[]) => (allowed.includes(value as T) ? (value as T) : undefined)
  return {
    page: pagination?.currentPage ?? 1,
    pageSize: pagination?.pageSize ?? 20,
    kind: oneOf(filterValue(filters, 'kind'), ['news', 'guide', 'help'] as const),
    state: oneOf(filterValue(filters, 'state'), ['draft', 'published', 'unpublished'] as const),
    categoryCode: text(filterValue(filters, 'categoryCode')),
  }
}

type Lists = Record<string, (params: GetListParams) => Promise<GetListResponse>>

/**
 * The lists of the console's resources, each a typed call of the gateway (src/api/schema.d.ts).
 * The answers are `{ items, total }` pages, newest first (the gateway's order).
 */
const lists: Lists = {
  audit: async (params) => {
    const page = await unwrap(api.GET('/app/console/audit', { params: { query: auditQuery(params) } }))
    return { data: page.items as BaseRecord[], total: page.total }
  },
  roster: async (params) => {
    const page = await unwrap(api.GET('/app/console/roster/employees', { params: { query: rosterQuery(params) } }))
    return { data: page.items as BaseRecord[], total: page.total }
  },
  articles: async (params) => {
    const page = await unwrap(api.GET('/app/console/articles', { params: { query: articlesQuery(params) } }))
    return { data: page.items as BaseRecord[], total: page.total }
  },
}

const unsupported = (resource: string, what: string) =>
  Promise.reject(new ApiError('UNSUPPORTED', `${resource}: ${what} is not a call of the console`, 400))

/**
 * Refine's data provider over the typed client. A resource has the calls the gateway has for it;
 * the others refuse (Refine never asks for them: the pages of such a resource do not offer them).
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/app/console',
  getList: (params) => (lists[params.resource] ?? (() => unsupported(params.resource, 'list')))(params) as never,
  getOne: ({ resource }) => unsupported(resource, 'show'),
  create: ({ resource }) => unsupported(resource, 'create'),
  update: ({ resource }) => unsupported(resource, 'edit'),
  deleteOne: ({ resource }) => unsupported(resource, 'delete'),
}
