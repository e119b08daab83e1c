/**
 * Who may do what in the operator console: ONE table (resource × action → roles) read by the
 * gateway's check of every /app/console route (the route declares its resource and action) and by
 * the console app's access-control provider (Refine's `can({ resource, action })`). Deny by
 * default: a role not listed for an action may not do it, an action not listed is nobody's.
 * Plain data (no zod), so the console app can load it cheaply.
 */

/** The operators' roles (an operator may hold several). */
export const CONSOLE_ROLES = [
  'admin',
  'content_editor',
  'content_publisher',
  'agreement_manager',
  'roster_manager',
  'support_agent',
  'auditor',
] as const
export type ConsoleRole = (typeof CONSOLE_ROLES)[number]

export function isConsoleRole(value: unknown): value is ConsoleRole {
  return typeof value === 'string' && (CONSOLE_ROLES as readonly string[]).includes(value)
}

/**
 * The actions of the table: Refine's own (list, show, create, edit, delete) and the console's
 * verbs. A route names exactly one.
 */
export const CONSOLE_ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'preview',
  'publish',
  'unpublish',
  'schedule',
  'restore',
  'export',
  'import',
  'reveal',
  'act',
  'send',
] as const
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number]

/** One cell of the table: the roles allowed, and whether the action needs a recent step-up. */
export interface ConsoleRule {
  roles: readonly ConsoleRole[]
  /** The second factor again within CONSOLE_STEP_UP_MS (403 STEP_UP_REQUIRED otherwise). */
  stepUp?: true
}

const ALL: readonly ConsoleRole[] = CONSOLE_ROLES
const EDITORS: readonly ConsoleRole[] = ['content_editor', 'content_publisher']
const PUBLISHERS: readonly ConsoleRole[] = ['content_publisher']

/**
 * The table. Resources:
 * - `account`: the signed-in operator's own session and security (any role).
 * - `audit`: the audit log (auditor, admin).
 * - `floors` (home and services pages), `articles` (news, service guide, help answers), `media`
 *   (image uploads): editors write drafts and preview; publishers also publish, schedule, restore.
 * - `agreements`: the agreement manager.
 * - Part 2 (issue 34), declared now so the console can hide them: `operators` (admin), `roster`
 *   (roster manager), `support` (support agent), `notices` (admin), `dashboard` (everyone).
 * Step-up: publishing, role changes and anything that reveals personal data (issue 33).
 */
export const CONSOLE_ACCESS = {
  account: {
    show: { roles: ALL },
    edit: { roles: ALL },
    // Regenerating the recovery codes shows new ones: it needs the second factor again.
    create: { roles: ALL, stepUp: true },
  },
  audit: {
    list: { roles: ['auditor', 'admin'] },
    export: { roles: ['auditor', 'admin'] },
  },
  floors: {
    list: { roles: EDITORS },
    show: { roles: EDITORS },
    edit: { roles: EDITORS },
    preview: { roles: EDITORS },
    publish: { roles: PUBLISHERS, stepUp: true },
    unpublish: { roles: PUBLISHERS, stepUp: true },
    schedule: { roles: PUBLISHERS, stepUp: true },
    restore: { roles: PUBLISHERS, stepUp: true },
  },
  articles: {
    list: { roles: EDITORS },
    show: { roles: EDITORS },
    create: { roles: EDITORS },
    edit: { roles: EDITORS },
    delete: { roles: EDITORS },
    preview: { roles: EDITORS },
    publish: { roles: PUBLISHERS, stepUp: true },
    unpublish: { roles: PUBLISHERS, stepUp: true },
    schedule: { roles: PUBLISHERS, stepUp: true },
    restore: { roles: PUBLISHERS, stepUp: true },
  },
  media: {
    list: { roles: [...EDITORS, 'agreement_manager'] },
    create: { roles: [...EDITORS, 'agreement_manager'] },
  },
  agreements: {
    list: { roles: ['agreement_manager'] },
    show: { roles: ['agreement_manager'] },
    edit: { roles: ['agreement_manager'] },
    preview: { roles: ['agreement_manager'] },
    publish: { roles: ['agreement_manager'], stepUp: true },
  },
  operators: {
    list: { roles: ['admin'] },
    show: { roles: ['admin'] },
    create: { roles: ['admin'] },
    edit: { roles: ['admin'], stepUp: true },
    delete: { roles: ['admin'], stepUp: true },
    act: { roles: ['admin'], stepUp: true },
  },
  roster: {
    list: { roles: ['roster_manager'] },
    show: { roles: ['roster_manager'] },
    edit: { roles: ['roster_manager'] },
    import: { roles: ['roster_manager'] },
    export: { roles: ['roster_manager'], stepUp: true },
  },
  support: {
    list: { roles: ['support_agent'] },
    show: { roles: ['support_agent'] },
    act: { roles: ['support_agent'] },
    reveal: { roles: ['support_agent'], stepUp: true },
  },
  notices: {
    list: { roles: ['admin'] },
    show: { roles: ['admin'] },
    create: { roles: ['admin'] },
    send: { roles: ['admin'] },
    schedule: { roles: ['admin'] },
  },
  dashboard: {
    show: { roles: ALL },
  },
} as const satisfies Record<string, Partial<Record<ConsoleAction, ConsoleRule>>>

export type ConsoleResource = keyof typeof CONSOLE_ACCESS
export const CONSOLE_RESOURCES = Object.keys(CONSOLE_ACCESS) as ConsoleResource[]

/** The actions the table lists for a resource. */
export type ConsoleActionOf<R extends ConsoleResource> = keyof (typeof CONSOLE_ACCESS)[R] & ConsoleAction

/** A route's place in the table. */
export type ConsolePermission = { [R in ConsoleResource]: { resource: R; action: ConsoleActionOf<R> } }[ConsoleResource]

/** The rule of a cell; undefined when the table has none (nobody may). */
export function consoleRule(resource: string, action: string): ConsoleRule | undefined {
  const row = (CONSOLE_ACCESS as Record<string, Partial<Record<string, ConsoleRule>>>)[resource]
  return row && Object.prototype.hasOwnProperty.call(row, action) ? row[action] : undefined
}

/** Whether an operator holding `roles` may do `action` on `resource` (deny by default). */
export function consoleCan(roles: readonly string[], resource: string, action: string): boolean {
  const rule = consoleRule(resource, action)
  return !!rule && rule.roles.some((role) => roles.includes(role))
}

/** Whether the action needs a step-up (a second factor within CONSOLE_STEP_UP_MS). */
export function consoleNeedsStepUp(resource: string, action: string): boolean {
  return consoleRule(resource, action)?.stepUp === true
}

// Sessions and factors (values the console shows and the gateway enforces).

/** The session ends after this long without a call. */
export const CONSOLE_SESSION_IDLE_MS = 30 * 60_000
/** ... and this long after the sign-in, whatever happens. */
export const CONSOLE_SESSION_MAX_MS = 12 * 60 * 60_000
/** A step-up (the second factor again) lasts this long. */
export const CONSOLE_STEP_UP_MS = 5 * 60_000
/** The challenge of the password step: single use, not a session. */
export const CONSOLE_CHALLENGE_MS = 5 * 60_000
/** An enrollment link lasts this long, once. */
export const CONSOLE_ENROLLMENT_MS = 24 * 60 * 60_000
/** Recovery codes handed out at enrollment and at each regeneration. */
export const CONSOLE_RECOVERY_CODE_COUNT = 10
/** The session cookie: `__Host-` requires Secure, so plain-http development uses the bare name. */
export const CONSOLE_COOKIE = '__Host-ess-console'
export const CONSOLE_COOKIE_DEV = 'ess-console'
/** The header every state-changing console call carries, equal to the session's CSRF token. */
export const CONSOLE_CSRF_HEADER = 'x-csrf-token'
/** Operator passwords: the employees' rule (SPEC §5) and at least this many characters. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12
