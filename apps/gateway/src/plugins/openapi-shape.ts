import * as contract from '@ess/contract'
import { callUrl, calls, consoleCallUrl } from '@ess/contract'

type Operation = { operationId?: string; tags?: string[]; security?: Array<Record<string, string[]>> }
export type Paths = Record<string, Record<string, Operation>>

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

const isConsoleCall = (value: unknown): value is { method: string; path: string; summary: string } => {
  const call = value as { method?: unknown; path?: unknown; summary?: unknown } | null
  return typeof call === 'object' && call !== null && typeof call.summary === 'string' && typeof call.method === 'string' && typeof call.path === 'string' && call.path.startsWith('/console/')
}

/**
 * The calls of the contract by `METHOD /full/path`: the employee calls by their names in `calls`
 * (the SPEC's and the clients' own), the console calls by the names the contract exports them under
 * (`consoleSignInPassword`), whichever module of the contract defines them.
 */
const callNames = new Map([
  ...Object.entries(calls).map(([name, call]): [string, string] => [`${call.method} ${callUrl(call)}`, name]),
  ...Object.entries(contract).flatMap(([name, value]): [string, string][] => (isConsoleCall(value) ? [[`${value.method} ${consoleCallUrl(value)}`, name]] : [])),
])

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const camel = (segment: string) => segment.split(/[-_.]/).filter(Boolean).map(capital).join('')

/**
 * The operationId of a route that declares none: a call of the contract keeps its name there
 * (`getUserInfo`, `dictList`); any other route is named by its method and path, e.g.
 * `POST /app/console/auth/password` → `postConsoleAuthPassword`, `GET /app/agreements/:code/:version`
 * → `getAgreementsByCodeByVersion`. Derived from what the route already is, so it is stable as long
 * as the route is, and readable without a table of 84 names kept by hand. Redocly's
 * `operation-operationId-unique` checks that no two meet.
 */
export function operationIdOf(method: string, url: string): string {
  const name = callNames.get(`${method} ${url}`)
  if (name) return name
  const words = url
    .replace(/^\/app(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^(?::(.+)|\{(.+)\})$/.exec(segment)
      return param ? `By${camel(param[1] ?? param[2])}` : camel(segment)
    })
  return `${method.toLowerCase()}${words.join('')}`
}

/**
 * Console calls are tagged apart from the employee API's: a console route's tag `cms` is shown as
 * `console-cms`, so one domain's employee calls and console calls never share a section.
 */
export const consoleTag = (tag: string) => (tag.startsWith('console') ? tag : `console-${tag}`)

/** What each tag holds; a tag not listed here is described by its group (see apiGroupOf). */
const TAG_TEXT: Record<string, string> = {
  system: 'The gateway itself (health)',
  dict: 'Dictionaries of the forms (genders, ID types, nationalities, phone regions)',
  agreement: 'User agreement, privacy policy and their signatures',
  login: 'Sign-in, sign-up, tokens and sign-out',
  verify: 'Captchas and one-time codes',
  register: 'Registration',
  user: 'The account of the signed-in user',
  certification: 'Real-name verification and personal information',
  cms: 'Floors of the home and services pages, news and the service guide',
  jump: 'Inner jumps to partner services',
  help: 'Help center: votes, feedback and contacts',
  sso: 'Single sign-on with partner systems (signed calls and server-to-server)',
  security: 'Account security: identity checks, password, phone, email, devices',
  privacy: 'Personal information: what is collected, consents, export, cancellation',
  notices: 'Notices and push settings',
  thirdParty: 'Third-party accounts (WeChat, Alipay, …): sign-in and binding',
  wechat: 'WeChat mini-program: sign-in and subscribe messages',
  'micro-assistant': 'The sample micro-assistant (a partner service the portal opens)',
}

const GROUPS = { employee: 'Employee API', console: 'Console API', other: 'Other' } as const
type Group = keyof typeof GROUPS
const OTHER_PREFIXES = ['/app/health', '/sample-assistant/']

function groupOfPath(path: string): Group {
  if (path.startsWith('/app/console/')) return 'console'
  if (OTHER_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'other'
  return 'employee'
}

function operations(paths: Paths) {
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ path, operation: item[method] }] : [])),
  )
}

/** Each tag with the group of the first path that uses it, in the order of the document. */
function tagGroups(paths: Paths): Map<string, Group> {
  const groups = new Map<string, Group>()
  for (const { path, operation } of operations(paths)) {
    for (const tag of operation.tags ?? []) if (!groups.has(tag)) groups.set(tag, groupOfPath(path))
  }
  return groups
}

/** The document's tag list, each with a description (Redocly's `tag-description`). */
export function describeTags(paths: Paths) {
  return [...tagGroups(paths)].map(([name, group]) => ({
    name,
    description: TAG_TEXT[name] ?? `${GROUPS[group]}: ${name.replace(/^console-/, '')}`,
  }))
}

/** Redoc's `x-tagGroups`: the employee API, the console API and the rest, each with its tags. */
export function apiGroupOf(paths: Paths) {
  const groups = tagGroups(paths)
  return (Object.keys(GROUPS) as Group[])
    .map((group) => ({ name: GROUPS[group], tags: [...groups].filter(([, g]) => g === group).map(([tag]) => tag) }))
    .filter((group) => group.tags.length > 0)
}

type Components = { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> }

/**
 * Drops security schemes no operation uses (the console's, in a gateway without console routes)
 * and component schemas nothing refers to: the zod registry documents each registered schema
 * both as read (input) and as written (output), and the error envelope is only ever written.
 */
export function pruneUnused<D extends { paths?: Paths; components?: Components }>(document: D): D {
  const used = new Set(operations(document.paths ?? {}).flatMap(({ operation }) => (operation.security ?? []).flatMap(Object.keys)))
  const schemes = Object.fromEntries(Object.entries(document.components?.securitySchemes ?? {}).filter(([name]) => used.has(name)))
  return pruneUnusedSchemas({ ...document, components: { ...document.components, securitySchemes: schemes } })
}

function pruneUnusedSchemas<D extends { components?: Components }>(document: D): D {
  const schemas = document.components?.schemas
  if (!schemas) return document
  const { components, ...rest } = document
  let text = JSON.stringify(rest)
  const kept: Record<string, unknown> = {}
  // A kept schema may refer to another: repeat until nothing new is kept.
  for (let grew = true; grew; ) {
    grew = false
    for (const [name, schema] of Object.entries(schemas)) {
      if (name in kept || !text.includes(`"#/components/schemas/${name}"`)) continue
      kept[name] = schema
      text += JSON.stringify(schema)
      grew = true
    }
  }
  return { ...document, components: { ...components, schemas: kept } }
}
