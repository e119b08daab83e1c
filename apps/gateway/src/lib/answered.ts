import type { FastifyReply } from 'fastify'

/**
 * Resolves once the reply's answer has been written out (or its connection closed before): work
 * started only then can neither delay the answer nor change its timing, so a caller timing the
 * answer learns nothing of that work (password recovery: whether a contact is registered).
 */
export function answerWritten(reply: FastifyReply): Promise<void> {
  const raw = reply.raw
  if (raw.writableFinished || raw.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    raw.once('finish', resolve)
    raw.once('close', resolve)
  })
}
