import { DASHBOARD_CACHE_S, DASHBOARD_DAYS, type Dashboard, type DashboardDay } from '@ess/contract'
import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Kv } from '../../infra/kv'

/**
 * The dashboard's figures, each a query over the table that already records it: registrations
 * (app_user), real-name verifications (user_certification), sign-ins (the first row of each
 * user_session family), failed sign-ins and lockouts (security_event), codes and messages by
 * channel (outbox_message), notices delivered (notice), the send queue (outbox_message not
 * delivered) and agreements signed again (user_agreement against agreement_version). Days are
 * China days (UTC+8, no daylight saving). Cached DASHBOARD_CACHE_S in the KV for every gateway.
 */

const CACHE_KEY = 'console:dashboard:v1'
const CHINA_OFFSET_MS = 8 * 3600_000

/** The China day of an instant, YYYY-MM-DD. */
export const chinaDay = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10)

/** SQL: the China day of a timestamptz column. */
const dayOf = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`

type Metric = Exclude<keyof DashboardDay, 'date'>

async function perDay(db: Database, query: SQL): Promise<Map<string, number>> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ day: string; n: number | string }> }
  return new Map(result.rows.map((row) => [row.day, Number(row.n)]))
}

export async function computeDashboard(db: Database, now: Date): Promise<Dashboard> {
  const today = chinaDay(now)
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - CHINA_OFFSET_MS - (DASHBOARD_DAYS - 1) * 86_400_000)
  const dates = Array.from({ length: DASHBOARD_DAYS }, (_, i) => chinaDay(new Date(first.getTime() + i * 86_400_000)))
  const since = first.toISOString()
  const counted = (table: SQL, column: SQL, where: SQL = sql`true`) =>
    sql`select ${dayOf(column)} as day, count(*)::int as n from ${table} where ${column} >= ${since}::timestamptz and ${where} group by 1`
  const outbox = (channel: string, failed: boolean) =>
    counted(sql`outbox_message`, sql`created_at`, sql`channel = ${channel} and ${failed ? sql`state = 'failed'` : sql`state <> 'failed'`}`)
  const metrics: Record<Metric, SQL> = {
    registrations: counted(sql`app_user`, sql`created_at`),
    verifications: counted(sql`user_certification`, sql`certified_at`),
    signIns: sql`select ${dayOf(sql`started`)} as day, count(*)::int as n from (select min(created_at) as started from user_session group by family_id) s where started >= ${since}::timestamptz group by 1`,
    signInFailures: counted(sql`security_event`, sql`at`, sql`type = 'signInFailed'`),
    lockouts: counted(sql`security_event`, sql`at`, sql`type = 'accountLocked'`),
    smsSent: outbox('sms', false),
    smsFailed: outbox('sms', true),
    emailSent: outbox('email', false),
    emailFailed: outbox('email', true),
    noticesDelivered: counted(sql`notice`, sql`created_at`, sql`user_id is not null`),
  }
  const names = Object.keys(metrics) as Metric[]
  const maps = new Map<Metric, Map<string, number>>()
  for (const name of names) maps.set(name, await perDay(db, metrics[name]))
  const days = dates.map((date) => ({ date, ...Object.fromEntries(names.map((name) => [name, maps.get(name)?.get(date) ?? 0])) }) as DashboardDay)

  const queue = (await db.execute(
    sql`select count(*) filter (where state = 'queued')::int as waiting, count(*) filter (where state = 'failed')::int as failed from outbox_message where state <> 'delivered'`,
  )) as unknown as { rows: Array<{ waiting: number; failed: number }> }
  // The current version of each agreement (latest published up to now) that has an earlier one.
  const agreements = (await db.execute(sql`
    with current_version as (
      select distinct on (agreement_id) id, agreement_id from agreement_version
      where published_at <= ${now.toISOString()}::timestamptz order by agreement_id, published_at desc, id desc
    ),
    earlier as (
      select distinct ua.user_id, c.id as current_id from user_agreement ua
      join agreement_version v on v.id = ua.agreement_version_id
      join current_version c on c.agreement_id = v.agreement_id and c.id <> v.id
    )
    select
      count(*) filter (where exists (select 1 from user_agreement s where s.user_id = e.user_id and s.agreement_version_id = e.current_id))::int as resigned,
      count(*) filter (where not exists (select 1 from user_agreement s where s.user_id = e.user_id and s.agreement_version_id = e.current_id))::int as pending
    from earlier e`)) as unknown as { rows: Array<{ resigned: number; pending: number }> }
  return {
    computedAt: now.toISOString(),
    days,
    queue: { waiting: Number(queue.rows[0]?.waiting ?? 0), failed: Number(queue.rows[0]?.failed ?? 0) },
    agreements: { resigned: Number(agreements.rows[0]?.resigned ?? 0), pending: Number(agreements.rows[0]?.pending ?? 0) },
  }
}

/** The figures, from the KV when computed within DASHBOARD_CACHE_S. */
export async function dashboard(deps: { db: Database; kv: Kv; now: () => Date }): Promise<Dashboard> {
  const cached = await deps.kv.get(CACHE_KEY)
  if (cached) {
    const figures = JSON.parse(cached) as Dashboard
    // By the app's clock (the KV's own expiry only cleans up).
    const age = deps.now().getTime() - Date.parse(figures.computedAt)
    if (age >= 0 && age < DASHBOARD_CACHE_S * 1000) return figures
  }
  const figures = await computeDashboard(deps.db, deps.now())
  await deps.kv.set(CACHE_KEY, JSON.stringify(figures), DASHBOARD_CACHE_S * 1000)
  return figures
}
