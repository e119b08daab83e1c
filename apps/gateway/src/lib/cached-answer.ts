import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { memoByText } from './memo'

/** Answers smaller than this go uncompressed (the app's @fastify/compress has the same threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024

const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip']

/** The encoding negotiated for each `accept-encoding` text, kept: the negotiation parses and ranks it. */
const encodingFor = memoByText((accepted): 'br' | 'gzip' | null => negotiate(accepted, ENCODINGS))

/**
 * An answer served many times as it is (a cached CMS page, a dictionary, the portal's page): its UTF-8 bytes, and
 * its brotli and gzip forms, each made once, the first time a client asks for it. Without this,
 * @fastify/compress compressed the same page again for every browser that sent `accept-encoding`
 * (every one does): it doubled the gateway's CPU per call (bench/RESULTS.md). The encoding is
 * negotiated as @fastify/compress negotiates it (@fastify/accept-negotiator, br before gzip), and
 * the plugin leaves an answer that has a `content-encoding` alone.
 */
export class CachedAnswer {
  readonly bytes: Buffer
  private readonly encoded = new Map<'br' | 'gzip', Buffer>()

  constructor(
    text: string,
    private readonly contentType = 'application/json; charset=utf-8',
  ) {
    this.bytes = Buffer.from(text, 'utf8')
  }

  private inEncoding(encoding: 'br' | 'gzip'): Buffer {
    let body = this.encoded.get(encoding)
    if (!body) {
      // Made once per answer: the strongest settings cost a few milliseconds, once.
      body =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length },
            })
          : gzipSync(this.bytes, { level: constants.Z_BEST_COMPRESSION })
      this.encoded.set(encoding, body)
    }
    return body
  }

  /** Sends the answer in the best encoding the caller accepts (none when it says `x-no-compression`). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(this.contentType)
    if (this.bytes.length < COMPRESS_THRESHOLD_BYTES) return reply.send(this.bytes)
    reply.header('vary', 'accept-encoding')
    const accepted = request.headers['accept-encoding']
    const encoding = accepted && request.headers['x-no-compression'] === undefined ? encodingFor(accepted) : null
    if (!encoding) return reply.send(this.bytes)
    return reply.header('content-encoding', encoding).send(this.inEncoding(encoding))
  }
}
