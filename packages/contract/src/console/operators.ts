import { z } from 'zod'
import type { RuleMessageKey } from '../rule-messages'
import { CONSOLE_ROLES } from './access'
import { ConsoleIdParamsSchema, ConsoleSessionItemSchema } from './auth'
import { defineConsoleCall } from './define'

/**
 * Operators' management (issue 34, admin): the list with roles, state and last sign-in; invite
 * (the command line's one-time enrollment link, 24 h); change roles, disable and enable, reset the
 * second factor (all step-up); an operator's sessions and their revocation (step-up). The last
 * active admin can neither be disabled, reset, nor lose the admin role (LAST_ADMIN). Audited.
 */

const TAGS = ['console-operators']

export const OPERATOR_STATUSES = ['invited', 'active', 'disabled'] as const
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number]

/** The audit actions of operators' management (`operator.*`). */
export const OPERATOR_ADMIN_AUDIT_ACTIONS = {
  rolesChanged: 'operator.roles_changed',
  disabled: 'operator.disabled',
  enabled: 'operator.enabled',
  factorReset: 'operator.factor_reset',
  sessionRevokedByAdmin: 'operator.session_revoked_by_admin',
} as const

const rolesField = z
  .array(z.enum(CONSOLE_ROLES, { error: 'field.invalid' satisfies RuleMessageKey }))
  .min(1, { error: 'field.required' satisfies RuleMessageKey })
  .max(CONSOLE_ROLES.length)
  .transform((roles) => [...new Set(roles)].sort())

export const ConsoleOperatorItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(CONSOLE_ROLES)),
  status: z.enum(OPERATOR_STATUSES),
  lastSignInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Live sessions now. */
  sessions: z.number().int(),
  /** Until when the open enrollment link works (an invited operator); null otherwise. */
  enrollmentExpiresAt: z.iso.datetime().nullable(),
})
export type ConsoleOperatorItem = z.infer<typeof ConsoleOperatorItemSchema>

/** A fresh one-time enrollment link: shown once to the admin, who hands it to the operator. */
export const EnrollmentLinkSchema = z.object({ id: z.string(), enrollmentUrl: z.string(), expiresAt: z.iso.datetime() })

export const consoleOperatorList = defineConsoleCall({
  method: 'GET',
  path: '/console/operators',
  summary: 'The operators with their roles, state, last sign-in and live sessions',
  tags: TAGS,
  access: { resource: 'operators', action: 'list' },
  response: z.object({ items: z.array(ConsoleOperatorItemSchema) }),
})

export const ConsoleOperatorInviteBodySchema = z.object({
  email: z
    .string({ error: 'field.required' satisfies RuleMessageKey })
    .trim()
    .toLowerCase()
    .max(254, { error: 'email.invalid' satisfies RuleMessageKey })
    .pipe(z.email({ error: 'email.invalid' satisfies RuleMessageKey })),
  displayName: z.string().trim().min(1, { error: 'field.required' satisfies RuleMessageKey }).max(64, { error: 'field.invalid' satisfies RuleMessageKey }).optional(),
  roles: rolesField,
})

export const consoleOperatorInvite = defineConsoleCall({
  method: 'POST',
  path: '/console/operators',
  summary: 'Invites an operator (or renews the link of one not yet enrolled): answers the one-time enrollment link (24 h), shown once',
  tags: TAGS,
  access: { resource: 'operators', action: 'create' },
  body: ConsoleOperatorInviteBodySchema,
  response: EnrollmentLinkSchema,
})

export const consoleOperatorRoles = defineConsoleCall({
  method: 'PUT',
  path: '/console/operators/:id/roles',
  summary: "Replaces an operator's roles (step-up); the last active admin keeps the admin role (LAST_ADMIN)",
  tags: TAGS,
  access: { resource: 'operators', action: 'edit' },
  params: ConsoleIdParamsSchema,
  body: z.object({ roles: rolesField }),
  response: ConsoleOperatorItemSchema,
})

export const consoleOperatorStatus = defineConsoleCall({
  method: 'POST',
  path: '/console/operators/:id/status',
  summary: 'Disables an operator (their sessions end) or enables them again (step-up); never oneself nor the last active admin',
  tags: TAGS,
  access: { resource: 'operators', action: 'act' },
  params: ConsoleIdParamsSchema,
  body: z.object({ status: z.enum(['active', 'disabled'], { error: 'field.invalid' satisfies RuleMessageKey }) }),
  response: ConsoleOperatorItemSchema,
})

export const consoleOperatorResetFactor = defineConsoleCall({
  method: 'POST',
  path: '/console/operators/:id/reset-factor',
  summary:
    "Resets an operator's second factor (step-up): authenticator, passkeys and recovery codes are removed, sessions end, and a new enrollment link (24 h) sets password and authenticator again",
  tags: TAGS,
  access: { resource: 'operators', action: 'act' },
  params: ConsoleIdParamsSchema,
  response: EnrollmentLinkSchema,
})

export const consoleOperatorSessions = defineConsoleCall({
  method: 'GET',
  path: '/console/operators/:id/sessions',
  summary: "An operator's live sessions",
  tags: TAGS,
  access: { resource: 'operators', action: 'show' },
  params: ConsoleIdParamsSchema,
  response: z.object({ items: z.array(ConsoleSessionItemSchema) }),
})

export const consoleOperatorRevokeSession = defineConsoleCall({
  method: 'DELETE',
  path: '/console/operators/:id/sessions/:sessionId',
  summary: "Ends one of an operator's sessions (step-up)",
  tags: TAGS,
  access: { resource: 'operators', action: 'delete' },
  params: ConsoleIdParamsSchema.extend({ sessionId: ConsoleIdParamsSchema.shape.id }),
  response: z.object({ revoked: z.literal(true) }),
})

export const consoleOperatorCalls = {
  consoleOperatorList,
  consoleOperatorInvite,
  consoleOperatorRoles,
  consoleOperatorStatus,
  consoleOperatorResetFactor,
  consoleOperatorSessions,
  consoleOperatorRevokeSession,
} as const
