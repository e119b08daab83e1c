// The framework's ceiling for a signed call (issue 19 goal 3): a bare Fastify 5 (no plugins,
// default options, as bench/bare.mjs) whose one route answers the hello after the checks every
// signed call of the gateway makes and the goal says to keep: the contract's signature, the
// timestamp window and the nonce, by the gateway's own code (plugins/signature.ts, the in-memory
// nonces of infra/kv/once.ts). Loaded in the same rounds as the bare hello and the gateway: no
// gateway call can cost less than this one. Run by bench/run.ts with `node --import tsx`.
import { appKeyLookup } from '@ess/contract'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { memoryOnceKeys } from '../apps/gateway/src/infra/kv/once'
import { apiHeaders } from '../apps/gateway/src/plugins/security-headers'
import { NONCE_MAX_TTL_MS, signedCallCheck } from '../apps/gateway/src/plugins/signature'
import { newTraceId } from '../apps/gateway/src/plugins/trace'
import { HOT_CALLS } from './lib'

// SPIN_US (bench/cpu-scaling.ts): the handler also works this many microseconds of the clock, allocating
// nothing, to see what a known amount of extra work per call costs in the measured CPU a call.
const spinMs = Number(process.env.SPIN_US ?? 0) / 1000
const app = Fastify({ logger: false })
const hello = async () => ({ hello: 'world' })
// Without SPIN_US, the handler of the runs before it (nothing more a call, not even a clock read).
const spinning = async () => {
  for (const until = performance.now() + spinMs; performance.now() < until; );
  return hello()
}
// ANSWER_HEADERS=api (a reading of goal 4, not its ceiling): the hello answers with the headers every API
// answer of the gateway carries (plugins/security-headers.ts apiHeaders, set the same way, and trace.ts's
// x-trace-id), to see what those headers alone cost a call.
const answerHeaders = process.env.ANSWER_HEADERS === 'api' ? apiHeaders('max-age=31536000; includeSubDomains') : undefined
app.get(
  HOT_CALLS.signedHello.path,
  {
    ...(answerHeaders && {
      onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        reply.headers(answerHeaders)
        reply.header('x-trace-id', newTraceId())
        done()
      },
    }),
    preValidation: signedCallCheck(appKeyLookup({}), memoryOnceKeys(NONCE_MAX_TTL_MS)),
  },
  spinMs > 0 ? spinning : hello,
)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
