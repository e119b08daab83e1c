import { consoleSupportCalls as calls } from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import { registerConsoleCall } from '../../lib/console-route'
import { recordAudit } from '../audit/record'
import { disableAccount, enableAccount, findAccounts, revealValue, showAccount, signOutEverywhere, type SupportAudit, unbindAccount, unlockAccount } from './service'

/** The request's operator writes the row (audit/record.ts), about the account acted on. */
const auditOf =
  (request: FastifyRequest): SupportAudit =>
  (tx: Database, entry) =>
    recordAudit(tx, request, { ...entry, resourceType: 'account' })

/** Where a support agent's unbinding comes from, for the account's own security history. */
const consoleOrigin = (request: FastifyRequest) => ({
  ip: request.ip,
  deviceId: 'console',
  client: 'console',
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? '',
})

/**
 * The support agent's console calls (issue 34): find an employee's account and see its state
 * (masked), act on it with a reason (unlock, sign out everywhere, disable, enable, unbind), and
 * reveal a phone or ID number (step-up). Every call writes an audit row: a look at personal data
 * is one too (PIPL), masked or not.
 */
export default async function supportConsoleRoutes(fastify: FastifyInstance) {
  const deps = { db: fastify.db, kv: fastify.kv, now: () => fastify.now(), hmacKey: fastify.hmacKey, fieldCipher: fastify.fieldCipher }
  const show = (request: FastifyRequest & { params: { id: string } }) => showAccount(deps, request.params.id, request.locale)

  registerConsoleCall(fastify, calls.consoleSupportFind, async (request) => {
    const found = await findAccounts(deps, request.query)
    // The value looked for is not kept (it is personal data): the kind of look-up and what it found.
    await recordAudit(fastify.db, request as unknown as FastifyRequest, {
      action: 'support.search',
      resourceType: 'account',
      after: { by: request.query.by, found: found.accounts.map((account) => account.id) },
    })
    return found
  })
  registerConsoleCall(fastify, calls.consoleSupportShow, async (request) => {
    const account = await show(request)
    await recordAudit(fastify.db, request as unknown as FastifyRequest, { action: 'support.view', resourceType: 'account', resourceId: account.id })
    return account
  })
  registerConsoleCall(fastify, calls.consoleSupportReveal, async (request) => {
    const { field, reason } = request.body
    const value = await revealValue(deps, request.params.id, field, reason, auditOf(request as unknown as FastifyRequest))
    return { field, value }
  })
  registerConsoleCall(fastify, calls.consoleSupportUnlock, async (request) => {
    await unlockAccount(deps, request.params.id, request.body.reason, auditOf(request as unknown as FastifyRequest))
    return show(request)
  })
  registerConsoleCall(fastify, calls.consoleSupportSignOut, async (request) => {
    await signOutEverywhere(deps, request.params.id, request.body.reason, auditOf(request as unknown as FastifyRequest))
    return show(request)
  })
  registerConsoleCall(fastify, calls.consoleSupportDisable, async (request) => {
    await disableAccount(deps, request.params.id, request.body.reason, auditOf(request as unknown as FastifyRequest))
    return show(request)
  })
  registerConsoleCall(fastify, calls.consoleSupportEnable, async (request) => {
    await enableAccount(deps, request.params.id, request.body.reason, auditOf(request as unknown as FastifyRequest))
    return show(request)
  })
  registerConsoleCall(fastify, calls.consoleSupportUnbind, async (request) => {
    const { provider, reason } = request.body
    await unbindAccount(deps, request.params.id, provider, reason, consoleOrigin(request as unknown as FastifyRequest), auditOf(request as unknown as FastifyRequest))
    return show(request)
  })
}
