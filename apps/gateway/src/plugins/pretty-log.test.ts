import { PassThrough } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { PrettyLogController, prettyStream } from './pretty-log'

async function logLines(level: string, requests: string[]): Promise<string[]> {
  const out = new PassThrough()
  const chunks: string[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  const app = Fastify({
    logger: { level, stream: prettyStream({ destination: out, colorize: false }) },
    logController: new PrettyLogController({ requestIdLogLabel: 'traceId' }),
  })
  app.get('/app/health', async () => ({ ok: true }))
  app.get('/js/app.js', async () => 'code')
  app.get('/app/broken', async () => {
    throw new Error('boom')
  })
  for (const url of requests) await app.inject(url)
  await app.close()
  return chunks.join('').split('\n').filter(Boolean)
}

describe('pretty request logs', () => {
  it('say each call in one line: method, path without the query, status, time', async () => {
    const lines = await logLines('info', ['/app/health?code=123456'])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/app\/health 200 \(\d+ ms\)$/)
  })

  it("keep the portal's built files at debug unless they fail", async () => {
    expect(await logLines('info', ['/js/app.js'])).toEqual([])
    expect(await logLines('info', ['/js/missing.js?t=secret'])).toEqual([expect.stringMatching(/INFO: GET \/js\/missing\.js 404 \(\d+ ms\)$/)])
    expect((await logLines('debug', ['/js/app.js']))[0]).toMatch(/DEBUG: GET \/js\/app\.js 200/)
  })

  it('keep the error of a failed request', async () => {
    const text = (await logLines('info', ['/app/broken'])).join('\n')
    expect(text).toMatch(/ERROR: .*boom/)
  })
})
