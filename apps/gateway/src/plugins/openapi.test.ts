import { calls, callUrl } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('OpenAPI', () => {
  it('documents every call of the contract, with its envelope and errors', async () => {
    const response = await t.app.inject({ url: '/app/docs/json' })
    expect(response.statusCode).toBe(200)
    const doc = response.json()
    expect(doc.openapi).toBe('3.1.0')
    for (const call of Object.values(calls)) {
      const operation = doc.paths[callUrl(call)]?.[call.method.toLowerCase()]
      expect(operation, call.path).toBeDefined()
      expect(operation.summary).toBe(call.summary)
      expect(operation.responses['200'].content['application/json'].schema.properties.data.properties.data).toBeDefined()
      expect(operation.responses['4XX'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope')
    }
    expect(doc.components.schemas.ErrorEnvelope.properties).toHaveProperty('errorCode')
  })

  it('documents the query of a call from its zod schema', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    const [type] = doc.paths['/app/user/api/dict/list'].get.parameters
    expect(type).toMatchObject({ name: 'type', in: 'query', required: true, schema: { enum: ['gender', 'idType', 'nationality', 'phoneRegion'] } })
  })

  it('marks signed calls with the signed headers, user calls with the token, and leaves health open', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['signature', 'timestamp', 'nonce', 'appId', 'deviceId', 'token', 'openAppId', 'openTimestamp', 'openNonce', 'openSignature'])
    expect(doc.components.securitySchemes.token).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: '_tk' }))
    expect(doc.paths['/app/user/api/getUserInfo'].get.security).toEqual([
      { signature: [], timestamp: [], nonce: [], appId: [], deviceId: [], token: [] },
    ])
    expect(doc.components.securitySchemes.signature).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: '_s' }))
    expect(doc.paths['/app/user/api/dict/list'].get.security).toEqual([{ signature: [], timestamp: [], nonce: [], appId: [], deviceId: [] }])
    expect(doc.paths['/app/health'].get.security).toBeUndefined()
    expect(doc.info.description).toContain('| SIGNATURE_MISSING | 100401 | 401 |')
  })

  it('hides the dev tools and serves Swagger UI at /app/docs', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev'))).toEqual([])
    const ui = await t.app.inject({ url: '/app/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.body).toContain('swagger')
  })
})
