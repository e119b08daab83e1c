import multipart from '@fastify/multipart'
import { MEDIA_MAX_BYTES, consoleArticleCalls as articles, consoleCmsCalls as calls, isConsoleRole, ruleMessage } from '@ess/contract'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import { cmsPageDraft } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { registerConsoleCall } from '../../lib/console-route'
import { operatorOf } from '../../plugins/console-auth'
import { insertAudit, recordAudit } from '../audit/record'
import { findOperator } from '../operator/queries'
import { articleSnapshot, createArticle, listArticleVersions, listArticles, listCategories, publishArticle, publishArticleIn, restoreArticleVersion, saveArticle, showArticle, unpublishArticle, unpublishArticleIn } from './articles-console'
import type { ContentAudit } from './audit-port'
import { storeMedia } from './media'
import { draftPage, listVersions, publishDraft, publishFloors, readDraft, readVersion, restoreVersion, saveDraft, withdrawVersion } from './pages-console'
import { previewToken, previewUrl } from './preview'
import type { ContentScheduler, ScheduleRow } from './schedule'

/** The audit of a console request: the row names the request's operator, address and trace. */
export const auditOf =
  (request: FastifyRequest): ContentAudit =>
  (tx: Database, entry) =>
    recordAudit(tx, request, entry)

/**
 * The audit of a planned change when it runs: no request, so the operator who planned it (with
 * the roles they held then) is the actor and the schedule is the trace.
 */
export const scheduledAuditOf =
  (fastify: FastifyInstance) =>
  (row: ScheduleRow): ContentAudit =>
  async (tx, entry) => {
    const operator = row.createdBy ? await findOperator(tx, row.createdBy) : undefined
    const actor = operator ? { id: operator.id, email: operator.email, roles: row.createdRoles.filter(isConsoleRole) } : null
    await insertAudit(tx, { ip: '', userAgent: 'content-scheduler', traceId: `cms-schedule-${row.id}` }, { ...entry, actor }, fastify.now())
  }

/**
 * The console's content calls of the CMS (issue 33): page floors (draft, preview link, publish,
 * versions and restore, planned publishes), image uploads, and articles (news, service guide, help
 * answers). Access (roles, step-up, CSRF) comes from each call's cell of the access table.
 */
export default async function cmsConsoleRoutes(fastify: FastifyInstance, { scheduler }: { scheduler: ContentScheduler }) {
  const deps = { db: fastify.db, kv: fastify.kv, now: () => fastify.now() }

  // What a planned change does when its time comes (any gateway's scheduler may run it).
  scheduler.handle('page', 'publish', async (tx, row, audit) => {
    const floors = row.snapshot as { zh: never[]; en: never[] }
    await publishFloors(tx, row.resourceId, floors, { operatorId: row.createdBy, now: fastify.now() }, audit, 'cms.page.publish_scheduled')
    return [row.resourceId]
  })
  scheduler.handle('article', 'publish', (tx, row, audit) => {
    const snapshot = row.snapshot as Parameters<typeof publishArticleIn>[4] & { publishedAt: string | null; updatedAt: string }
    const revived = { ...snapshot!, publishedAt: snapshot?.publishedAt ? new Date(snapshot.publishedAt) : null, updatedAt: new Date(snapshot!.updatedAt) }
    return publishArticleIn(tx, row.resourceId, { operatorId: row.createdBy, now: fastify.now() }, audit, revived)
  })
  scheduler.handle('article', 'unpublish', (tx, row, audit) => unpublishArticleIn(tx, row.resourceId, { operatorId: row.createdBy, now: fastify.now() }, audit))

  registerConsoleCall(fastify, calls.consolePageShow, (request) => readDraft(fastify.db, request.params.code))
  registerConsoleCall(fastify, calls.consolePageSaveDraft, (request) => saveDraft(deps, request.params.code, request.body, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, calls.consolePagePreview, async (request) => {
    await draftPage(fastify.db, request.params.code, false)
    const { token, expiresAt } = previewToken(fastify.hmacKey, request.params.code, fastify.now())
    return { url: previewUrl(fastify.config.publicUrl, request.params.code, token), expiresAt: expiresAt.toISOString() }
  })
  registerConsoleCall(fastify, calls.consolePagePublish, (request) => publishDraft(deps, request.params.code, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, calls.consolePageVersions, (request) => listVersions(fastify.db, request.params.code))
  registerConsoleCall(fastify, calls.consolePageVersion, (request) => readVersion(fastify.db, request.params.code, request.params.version))
  registerConsoleCall(fastify, calls.consolePageRestore, (request) => restoreVersion(deps, request.params.code, request.params.version, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, calls.consolePageUnpublish, (request) => withdrawVersion(deps, request.params.code, request.body.version, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, calls.consolePageSchedules, (request) => scheduler.list(fastify.db, 'page', request.params.code))
  registerConsoleCall(fastify, calls.consolePageSchedule, async (request) => {
    const { code } = request.params
    const runAt = new Date(request.body.runAt)
    futureOnly(runAt, fastify.now(), request)
    const operator = operatorOf(request)
    await scheduler.prepare()
    return fastify.db.transaction(async (tx) => {
      const [draft] = await tx.select().from(cmsPageDraft).where(eq(cmsPageDraft.code, code))
      if (!draft) throw new AppError('NO_DRAFT')
      const snapshot = { zh: draft.floorsZh, en: draft.floorsEn }
      const planned = await scheduler.plan(tx, { resourceType: 'page', resourceId: code, action: 'publish', runAt, snapshot, createdBy: operator.id, createdRoles: operator.roles })
      await recordAudit(tx, request, { action: 'cms.page.schedule', resourceType: 'cms_page', resourceId: code, before: null, after: { scheduleId: planned.id, runAt: planned.runAt, ...snapshot } })
      return planned
    })
  })
  registerConsoleCall(fastify, calls.consolePageScheduleCancel, (request) =>
    fastify.db.transaction(async (tx) => {
      const cancelled = await scheduler.cancel(tx, { id: request.params.id, resourceType: 'page', resourceId: request.params.code })
      await recordAudit(tx, request, { action: 'cms.page.schedule_cancel', resourceType: 'cms_page', resourceId: request.params.code, before: { scheduleId: cancelled.id, runAt: cancelled.runAt }, after: null })
      return cancelled
    }),
  )

  // multipart/form-data for the upload only, in a scope of its own (as the avatar's): one file.
  await fastify.register(async (upload) => {
    await upload.register(multipart, { limits: { files: 1, fields: 2, fileSize: MEDIA_MAX_BYTES, parts: 3 } })
    registerConsoleCall(upload, calls.consoleMediaUpload, async (request) => {
      const raw = request as unknown as { isMultipart(): boolean; file(): Promise<{ fieldname: string; mimetype: string; toBuffer(): Promise<Buffer> } | undefined> }
      if (!raw.isMultipart()) throw new AppError('MEDIA_TYPE_INVALID')
      const file = await raw.file()
      if (!file || file.fieldname !== 'file') throw new AppError('MEDIA_TYPE_INVALID')
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('MEDIA_TOO_LARGE')
        throw new AppError('MEDIA_TYPE_INVALID', { cause: error })
      })
      const operator = operatorOf(request)
      return upload.db.transaction(async (tx) => {
        const media = await storeMedia(tx, { bytes, declaredType: file.mimetype, operatorId: operator.id }, upload.now())
        await recordAudit(tx, request, { action: 'cms.media.upload', resourceType: 'cms_media', resourceId: media.url, before: null, after: { ...media } })
        return media
      })
    })
  })

  registerConsoleCall(fastify, articles.consoleArticleList, (request) => listArticles(fastify.db, request.query))
  registerConsoleCall(fastify, articles.consoleArticleCategories, async () => listCategories(fastify.db))
  registerConsoleCall(fastify, articles.consoleArticleShow, (request) => showArticle(fastify.db, request.params.id))
  registerConsoleCall(fastify, articles.consoleArticleCreate, (request) => createArticle(deps, request.body, { operatorId: operatorOf(request).id, locale: request.locale }, auditOf(request)))
  registerConsoleCall(fastify, articles.consoleArticleSave, (request) => saveArticle(deps, request.params.id, request.body, { operatorId: operatorOf(request).id, locale: request.locale }, auditOf(request)))
  registerConsoleCall(fastify, articles.consoleArticlePublish, (request) => publishArticle(deps, request.params.id, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, articles.consoleArticleUnpublish, (request) => unpublishArticle(deps, request.params.id, operatorOf(request).id, auditOf(request)))
  registerConsoleCall(fastify, articles.consoleArticleVersions, (request) => listArticleVersions(fastify.db, request.params.id))
  registerConsoleCall(fastify, articles.consoleArticleRestore, (request) =>
    restoreArticleVersion(deps, request.params.id, request.params.version, request.body.draftUpdatedAt, operatorOf(request).id, auditOf(request)),
  )
  registerConsoleCall(fastify, articles.consoleArticleSchedules, (request) => scheduler.list(fastify.db, 'article', request.params.id))
  registerConsoleCall(fastify, articles.consoleArticleSchedule, async (request) => {
    const { id } = request.params
    const runAt = new Date(request.body.runAt)
    futureOnly(runAt, fastify.now(), request)
    const operator = operatorOf(request)
    await scheduler.prepare()
    return fastify.db.transaction(async (tx) => {
      const snapshot = request.body.action === 'publish' ? await articleSnapshot(tx, id) : (await showArticle(tx, id), null)
      const planned = await scheduler.plan(tx, { resourceType: 'article', resourceId: id, action: request.body.action, runAt, snapshot, createdBy: operator.id, createdRoles: operator.roles })
      await recordAudit(tx, request, { action: 'cms.article.schedule', resourceType: 'cms_article', resourceId: id, before: null, after: { scheduleId: planned.id, action: planned.action, runAt: planned.runAt } })
      return planned
    })
  })
  registerConsoleCall(fastify, articles.consoleArticleScheduleCancel, (request) =>
    fastify.db.transaction(async (tx) => {
      const cancelled = await scheduler.cancel(tx, { id: request.params.scheduleId, resourceType: 'article', resourceId: request.params.id })
      await recordAudit(tx, request, { action: 'cms.article.schedule_cancel', resourceType: 'cms_article', resourceId: request.params.id, before: { scheduleId: cancelled.id, action: cancelled.action, runAt: cancelled.runAt }, after: null })
      return cancelled
    }),
  )
}

/** A planned time in the past is a field error (the plan would run at once: publish instead). */
function futureOnly(runAt: Date, now: Date, request: FastifyRequest) {
  if (runAt.getTime() > now.getTime()) return
  throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'runAt', messageKey: 'schedule.past', message: ruleMessage('schedule.past', request.locale) }] })
}
