import { calls, callUrl, ok, successEnvelope } from '@ess/contract'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { operationIdOf } from './openapi-shape'

let t: TestApp
beforeAll(async () => {
  // A console route of a domain tagged as the employee API's (cms): the document tags it apart.
  t = await buildTestApp({
    extend: (fastify) => {
      fastify.route({
        method: 'POST',
        url: '/app/console/test-cms/pages/:page/publish',
        config: { console: { resource: 'floors', action: 'publish', roles: ['content_publisher'], stepUp: true } },
        schema: { summary: 'publish', tags: ['cms'], response: { 200: successEnvelope(z.null()) } },
        handler: async () => ok(null),
      })
    },
  })
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
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['signature', 'timestamp', 'nonce', 'appId', 'deviceId', 'token']))
    expect(doc.components.securitySchemes.token).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: '_tk' }))
    expect(doc.components.securitySchemes.consoleSession).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: '__Host-ess-console' }))
    // The console: its session cookie (and the CSRF header on a state-changing call), public sign-in steps with none, tagged apart.
    expect(doc.paths['/app/console/auth/me'].get).toMatchObject({ tags: ['console-auth'], security: [{ consoleSession: [] }] })
    expect(doc.paths['/app/console/auth/sign-out'].post.security).toEqual([{ consoleSession: [], consoleCsrf: [] }])
    expect(doc.paths['/app/console/auth/password'].post).toMatchObject({ tags: ['console-auth'], security: [] })
    expect(doc.paths['/app/console/auth/password'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password'])
    expect(doc.paths['/app/console/audit'].get).toMatchObject({ tags: ['console-audit'], summary: expect.any(String) })
    expect(doc.paths['/app/console/audit/export'].get.responses['200'].content).toHaveProperty('text/csv')
    expect(doc.paths['/app/user/api/getUserInfo'].get.security).toEqual([
      { signature: [], timestamp: [], nonce: [], appId: [], deviceId: [], token: [] },
    ])
    expect(doc.components.securitySchemes.signature).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: '_s' }))
    expect(doc.paths['/app/user/api/dict/list'].get.security).toEqual([{ signature: [], timestamp: [], nonce: [], appId: [], deviceId: [] }])
    expect(doc.paths['/app/health'].get.security).toEqual([])
    expect(doc.info.description).toContain('| SIGNATURE_MISSING | 100401 | 401 |')
  })

  it('hides the dev tools and serves Swagger UI at /app/docs', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev'))).toEqual([])
    const ui = await t.app.inject({ url: '/app/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.body).toContain('swagger')
  })

  it('names every operation once, declares its security and the servers (what generators and Redocly need)', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(doc.servers).toEqual([{ url: '/', description: 'This gateway' }])
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { operationId: string; security: unknown }>))
    const ids = operations.map((operation) => operation.operationId)
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(operations.filter((operation) => !Array.isArray(operation.security))).toEqual([])
    // A call of the contract keeps its name; a server-to-server call authenticates its system.
    expect(doc.paths['/app/user/api/getUserInfo'].get.operationId).toBe('getUserInfo')
    expect(doc.paths['/app/sso/grant/exchange'].post).toMatchObject({ operationId: 'postSsoGrantExchange', security: [{ appBasic: [] }] })
    expect(doc.components.securitySchemes.appBasic).toEqual(expect.objectContaining({ type: 'http', scheme: 'basic' }))
  })

  it('gives console calls the operator session, the CSRF token on changes, and tags of their own', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(doc.paths['/app/console/auth/password'].post).toMatchObject({ operationId: 'consoleSignInPassword', security: [] })
    expect(doc.paths['/app/console/audit'].get).toMatchObject({ security: [{ consoleSession: [] }], tags: ['console-audit'] })
    expect(doc.paths['/app/console/test-cms/pages/{page}/publish'].post).toMatchObject({
      operationId: 'postConsoleTestCmsPagesByPagePublish',
      security: [{ consoleSession: [], consoleCsrf: [] }],
      tags: ['console-cms'],
    })
    expect(doc.components.securitySchemes.consoleSession).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie' }))
    expect(doc.components.securitySchemes.consoleCsrf).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-csrf-token' }))
    const groups = Object.fromEntries(doc['x-tagGroups'].map((group: { name: string; tags: string[] }) => [group.name, group.tags]))
    expect(groups['Console API']).toEqual(expect.arrayContaining(['console-auth', 'console-audit', 'console-cms']))
    expect(groups['Employee API']).toEqual(expect.arrayContaining(['login', 'cms', 'security']))
    expect(groups.Other).toEqual(['system', 'micro-assistant'])
    expect(doc.tags.every((tag: { description?: string }) => tag.description)).toBe(true)
  })

  it('keeps in the document only the components something uses', async () => {
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(Object.keys(doc.components.schemas)).toEqual(['ErrorEnvelope'])
  })
})

describe('operationIdOf', () => {
  it('names a contract call by its name and any other route by its method and path', () => {
    expect(operationIdOf('POST', '/app/user/api/login/loginByAccount')).toBe('loginByAccount')
    expect(operationIdOf('GET', '/app/agreements/:code/:version')).toBe('getAgreementsByCodeByVersion')
    expect(operationIdOf('DELETE', '/app/console/auth/sessions/:id')).toBe('consoleRevokeSession')
    expect(operationIdOf('DELETE', '/app/console/things/{id}')).toBe('deleteConsoleThingsById')
    expect(operationIdOf('GET', '/sample-assistant/api/suggestions')).toBe('getSampleAssistantApiSuggestions')
    expect(operationIdOf('POST', '/app/console/auth/password-change')).toBe('postConsoleAuthPasswordChange')
  })
})
