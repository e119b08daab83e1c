import { ErrorEnvelopeSchema, calls, successEnvelope } from '@ess/contract'
import { isResponseSerializationError } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { sameBothWays, serializerCompiler } from './serializer'

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/app/test', httpStatus: '200' }) as (data: unknown) => string

const User = successEnvelope(z.object({ userId: z.string(), certification: z.object({ realName: z.string() }).nullable(), level: z.union([z.literal(0), z.literal(1)]) }))
const answer = (data: unknown) => ({ code: 200, msg: 'OK', data: { success: true, data } })

describe('the answers serializer', () => {
  it('writes only the fields of the schema, at every depth', () => {
    const text = compile(User)(answer({ userId: 'u1', passwordHash: 'secret', certification: { realName: 'Li', idNo: '110' }, level: 1 }))
    expect(JSON.parse(text)).toEqual(answer({ userId: 'u1', certification: { realName: 'Li' }, level: 1 }))
    expect(text).not.toMatch(/secret|idNo|110/)
  })

  it('refuses an answer that does not match its schema', () => {
    const serialize = compile(User)
    for (const broken of [
      answer({ userId: 7, certification: null, level: 1 }),
      answer({ userId: 'u1', level: 1 }),
      answer({ userId: 'u1', certification: null, level: 2 }),
      { code: 200, msg: 'OK', data: { success: false, data: { userId: 'u1', certification: null, level: 0 } } },
    ]) {
      let thrown: unknown
      try {
        serialize(broken)
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(broken)).toBeInstanceOf(Error)
      expect(isResponseSerializationError(thrown as Error)).toBe(true)
    }
  })

  it('every answer of the contract reads and writes the same values (so it is parsed, not encoded)', () => {
    const schemas = [ErrorEnvelopeSchema, ...Object.values(calls).map((call) => successEnvelope(call.response))]
    expect(schemas.filter((schema) => !sameBothWays(schema))).toEqual([])
  })

  it('encodes an answer whose schema writes other values than it reads (a codec)', () => {
    const Stamp = z.object({ at: z.codec(z.string(), z.number(), { decode: Number, encode: String }) })
    expect(sameBothWays(Stamp)).toBe(false)
    expect(compile(Stamp)({ at: 5 })).toBe('{"at":"5"}')
    expect(sameBothWays(z.object({ page: z.number().default(1) }))).toBe(false)
  })
})
