import { z } from 'zod'
import { defineConsoleCall } from './define'

/**
 * The console's dashboard (issue 34, every role): the last 30 days by China day (UTC+8) and
 * today's figures, computed by queries over the existing tables (no counters of its own), cached
 * DASHBOARD_CACHE_S in the KV.
 */

export const DASHBOARD_DAYS = 30
export const DASHBOARD_CACHE_S = 60

const count = z.number().int()

export const DashboardDaySchema = z.object({
  /** The China day, YYYY-MM-DD. */
  date: z.string(),
  registrations: count,
  verifications: count,
  signIns: count,
  signInFailures: count,
  lockouts: count,
  smsSent: count,
  smsFailed: count,
  emailSent: count,
  emailFailed: count,
  noticesDelivered: count,
})
export type DashboardDay = z.infer<typeof DashboardDaySchema>

export const DashboardSchema = z.object({
  /** When the figures were computed (they are kept DASHBOARD_CACHE_S). */
  computedAt: z.iso.datetime(),
  /** Oldest first; the last is today. */
  days: z.array(DashboardDaySchema),
  /** The send queue now: messages waiting and failed (all channels). */
  queue: z.object({ waiting: count, failed: count }),
  /** Current agreement versions that replaced an earlier one: users who signed again, and those who signed an earlier one but not this one yet. */
  agreements: z.object({ resigned: count, pending: count }),
})
export type Dashboard = z.infer<typeof DashboardSchema>

export const consoleDashboard = defineConsoleCall({
  method: 'GET',
  path: '/console/dashboard',
  summary: 'The figures of the last 30 days by China day and the send queue and agreements now (cached 60 s)',
  tags: ['console-dashboard'],
  access: { resource: 'dashboard', action: 'show' },
  response: DashboardSchema,
})
