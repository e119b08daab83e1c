import { once } from 'node:events'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '@ess/contract'
import { type OAuthStandIn, type StandInClient, oauthStandIn } from '../../src/modules/dev/oauth-stand-in'
import { callbackPath } from '../../src/modules/third-party/service'
import { STAND_IN_MOUNT } from '../../src/modules/third-party/wiring'

/** Where the test gateway says it is reached (the providers return there). */
export const TEST_PUBLIC_URL = 'http://portal.test'

export interface StandInServer {
  /** Environment for buildTestApp: the credentials of every provider, and the stand-in as their endpoints. */
  env: Record<string, string>
  clients: StandInClient[]
  close(): Promise<void>
}

const VARIABLES: Record<ThirdPartyProvider, [string, string]> = {
  wechat: ['WECHAT_WEB_APPID', 'WECHAT_WEB_SECRET'],
  qq: ['QQ_APPID', 'QQ_APPKEY'],
  weibo: ['WEIBO_APPKEY', 'WEIBO_SECRET'],
}

/** The providers' stand-in on a loopback port of its own, with clients for a gateway at TEST_PUBLIC_URL. */
export async function startStandIn(): Promise<StandInServer> {
  let standIn: OAuthStandIn | undefined
  const server: Server = createServer((req, res) => (standIn ? standIn.handle(req, res) : res.end()))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients = THIRD_PARTY_PROVIDERS.map((provider) => ({
    provider,
    clientId: `test-${provider}-app`,
    secret: `test-${provider}-secret-${Math.random().toString(36).slice(2)}`,
    redirectUri: `${TEST_PUBLIC_URL}${callbackPath(provider)}`,
  }))
  standIn = oauthStandIn({ origin, mountPath: STAND_IN_MOUNT, clients })
  const env: Record<string, string> = { PUBLIC_URL: TEST_PUBLIC_URL, OAUTH_STAND_IN_URL: `${origin}${STAND_IN_MOUNT}` }
  for (const client of clients) {
    const [id, secret] = VARIABLES[client.provider]
    env[id] = client.clientId
    env[secret] = client.secret
  }
  return {
    env,
    clients,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * What a browser does at the provider: follows the authorization page's redirects with its cookies,
 * picks a demo identity (or cancels) on the sign-in page, and stops at the address that leaves the
 * provider (the gateway's callback, with code and state). Answers that address.
 */
export async function visitProvider(authorizeUrl: string, identity: string | null): Promise<string> {
  const cookies = new Map<string, string>()
  let url = authorizeUrl.split('#')[0]!
  let init: RequestInit = {}
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      cookies.set(name!.trim(), value.join('='))
    }
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, url).href
      if (!next.startsWith(new URL(authorizeUrl).origin)) return next
      url = next
      init = {}
      continue
    }
    const html = await response.text()
    const form = /<form method="post" action="([^"]+)"/.exec(html)
    if (!form) throw new Error(`the provider answered ${response.status} without a way on: ${html.slice(0, 300)}`)
    url = new URL(form[1]!, url).href
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ identity: identity ?? '' }).toString() }
  }
  throw new Error('too many redirects at the provider')
}
