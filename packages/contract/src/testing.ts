/**
 * Test fixtures of the contract for the workspaces' tests (never imported by product code; the
 * gateway's dev stand-ins, mounted outside production only, take the shapes they answer from here,
 * as types).
 */

/**
 * The hostile addresses of issue 39 around an allowed origin written without a trailing slash
 * (`https://portal.example.com`, as an operator would write it): every place that accepts an
 * address from outside runs them through its own door, with the allowed address itself as the
 * control. The cases are written for portal.example.com and moved to the given origin's host.
 */
export function hostileUrls(allowedOrigin: string): string[] {
  const origin = new URL(allowedOrigin)
  if (origin.protocol !== 'https:' || origin.port) throw new Error('hostileUrls: give an https origin on its default port')
  const host = origin.hostname
  const cases = [
    // the allowed host as a prefix of another
    'https://portal.example.com.evil.example/',
    'https://portal.example.comevil.example/',
    'https://portal.example.com-evil.example/',
    'https://portal.example.com:443.evil.example/',
    // userinfo
    'https://portal.example.com@evil.example/',
    'https://portal.example.com:x@evil.example/',
    'https://user@portal.example.com/',
    // scheme-relative and mistyped schemes
    '//evil.example/',
    '//portal.example.com/',
    'https:evil.example',
    'https:/evil.example/',
    '/\\evil.example',
    // backslashes
    'https://evil.example\\@portal.example.com/',
    'https://portal.example.com\\@evil.example/',
    'https:\\\\evil.example',
    'https://portal.example.com/\\evil.example',
    // percent-encoded and fullwidth / IDN look-alikes
    'https://portal.example.com%2eevil.example/',
    'https://portal%2Eexample.com/',
    'https://portal.example.com%40evil.example/',
    'https://portal.example.com/%2f%2fevil.example',
    'https://ｐortal.example.com/',
    'https://portal．example.com/',
    'https://portal.exаmple.com/', // Cyrillic а
    'https://xn--portal-example-com/',
    // other schemes
    'javascript:alert(document.cookie)',
    'JavaScript://portal.example.com/%0aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://portal.example.com/',
    // CR/LF and other control characters, spaces
    'https://portal.example.com/\r\nSet-Cookie: a=b',
    'https://portal.example.com/%0d%0a\nx',
    'https://portal.ex\tample.com/',
    '\nhttps://portal.example.com/',
    ' https://portal.example.com/',
    'https://portal.example.com/\u0000',
    // another scheme or port of the allowed host
    'http://portal.example.com/',
    'https://portal.example.com:8443/',
    // not strings, empty, too long
    '',
    `https://portal.example.com/${'a'.repeat(2100)}`,
  ]
  return cases.map((text) => text.replaceAll('portal.example.com', host).replaceAll('portal%2Eexample.com', host.replaceAll('.', '%2E')).replaceAll('portal.exаmple.com', host.replace(/a/, 'а')))
}

/**
 * A subscribe message the gateway's fake WeChat took (apps/gateway/src/modules/dev/wechat-fake.ts),
 * as `GET /dev/wechat/messages` lists it: what the user would see in WeChat's service notices.
 */
export interface FakeSubscribeMessage {
  msgid: string
  appId: string
  touser: string
  templateId: string
  page?: string
  data: Record<string, { value: string }>
  miniprogramState: string
  lang: string
  at: string
}
