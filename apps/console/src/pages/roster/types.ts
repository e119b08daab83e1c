import type { paths } from '../../api/schema'

type Payload<P extends keyof paths, M extends 'get' | 'post' | 'patch'> = paths[P][M] extends { responses: { 200: { content: { 'application/json': { data: { data: infer T } } } } } } ? T : never

/** An employee as the roster list answers it (`GET /app/console/roster/employees`). */
export type RosterListItem = Payload<'/app/console/roster/employees', 'get'>['items'][number]
/** One employee, masked (`GET /app/console/roster/employees/{id}`). */
export type RosterEmployee = Payload<'/app/console/roster/employees/{id}', 'get'>
export type RosterCompany = Payload<'/app/console/roster/companies', 'get'>[number]
/** The check or the application of an import file. */
export type RosterImportReport = Payload<'/app/console/roster/imports/check', 'post'>
export type RosterEditResult = Payload<'/app/console/roster/employees/{id}', 'patch'>
