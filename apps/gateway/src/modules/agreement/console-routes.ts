import { consoleAgreementCalls as calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerConsoleCall } from '../../lib/console-route'
import { operatorOf } from '../../plugins/console-auth'
import { auditOf } from '../cms/console-routes'
import { agreementDiff, listAgreementsForConsole, publishAgreement, saveAgreementDraft, showAgreement } from './console-service'

/** The console's agreement calls (issue 33): the agreement manager's drafts, diff and publish. */
export default async function agreementConsoleRoutes(fastify: FastifyInstance) {
  const deps = { db: fastify.db, kv: fastify.kv, now: () => fastify.now() }
  registerConsoleCall(fastify, calls.consoleAgreementList, () => listAgreementsForConsole(fastify.db, fastify.now()))
  registerConsoleCall(fastify, calls.consoleAgreementShow, (request) => showAgreement(fastify.db, request.params.code, fastify.now()))
  registerConsoleCall(fastify, calls.consoleAgreementSaveDraft, (request) => saveAgreementDraft(deps, request.params.code, request.body, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, calls.consoleAgreementDiff, (request) => agreementDiff(fastify.db, request.params.code, fastify.now()))
  registerConsoleCall(fastify, calls.consoleAgreementPublish, (request) => publishAgreement(deps, request.params.code, request.body, auditOf(request)))
}
