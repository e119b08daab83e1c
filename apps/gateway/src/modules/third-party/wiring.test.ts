import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../../test/helpers/app'
import { loadConfig } from '../../config'
import { identityProviders } from './wiring'

describe('identity providers of a deployment', () => {
  it('production: only the providers with credentials, at their own hosts; no stand-in', () => {
    const none = identityProviders(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox' }))
    expect([...none.providers.keys()]).toEqual([])
    expect(none.standInClients).toEqual([])
    const qq = identityProviders(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', PUBLIC_URL: 'https://ess.example.com', QQ_APPID: '101', QQ_APPKEY: 'k' }))
    expect([...qq.providers.keys()]).toEqual(['qq'])
    const url = new URL(qq.providers.get('qq')!.authorizeUrl({ state: 's', redirectUri: 'https://ess.example.com/oauth/callback/qq' }))
    expect(url.origin + url.pathname).toBe('https://graph.qq.com/oauth2.0/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: '101', redirect_uri: 'https://ess.example.com/oauth/callback/qq', state: 's', scope: 'get_user_info' })
    expect(qq.standInClients).toEqual([])
  })

  it('development: providers without credentials use the stand-in this gateway mounts under /dev/oauth', async () => {
    const dev = identityProviders(loadConfig({ NODE_ENV: 'development', PORT: '8090', WEIBO_APPKEY: 'wb', WEIBO_SECRET: 's' }))
    expect([...dev.providers.keys()]).toEqual(['wechat', 'qq', 'weibo'])
    expect(dev.standInClients.map((c) => [c.provider, c.clientId, c.redirectUri])).toEqual([
      ['wechat', 'demo-wechat-app', 'http://localhost:8090/oauth/callback/wechat'],
      ['qq', 'demo-qq-app', 'http://localhost:8090/oauth/callback/qq'],
    ])
    expect(dev.providers.get('weibo')!.authorizeUrl({ state: 's', redirectUri: 'r' })).toMatch(/^https:\/\/api\.weibo\.com\/oauth2\/authorize\?/)
    expect(dev.providers.get('wechat')!.authorizeUrl({ state: 's', redirectUri: 'r' })).toMatch(/^http:\/\/localhost:8090\/dev\/oauth\/wechat\/connect\/qrconnect\?appid=demo-wechat-app&/)

    // The gateway answers the stand-in's pages (the authorization server behind the WeChat dialect).
    const t = await buildTestApp({ env: { NODE_ENV: 'development' } })
    try {
      const redirectUri = encodeURIComponent('http://localhost:8080/oauth/callback/wechat')
      const start = await t.app.inject({
        method: 'GET',
        url: `/dev/oauth/wechat/connect/qrconnect?appid=demo-wechat-app&response_type=code&scope=snsapi_login&state=s&redirect_uri=${redirectUri}`,
      })
      expect(start.headers.location).toMatch(/^\/dev\/oauth\/auth\?client_id=demo-wechat-app&/)
      const interaction = await t.app.inject({ method: 'GET', url: String(start.headers.location) })
      expect(interaction.statusCode).toBe(303)
      expect(interaction.headers.location).toMatch(/^\/dev\/oauth\/interaction\/[\w-]+$/)
    } finally {
      await t.close()
    }
  })
})
