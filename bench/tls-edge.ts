import { join } from 'node:path'
import { startShippedNginx } from '../apps/gateway/test/helpers/nginx'
import { root } from './lib'

export interface TlsEdge {
  /** `https://127.0.0.1:<port>`: the gateway behind TLS and HTTP/2. */
  url: string
  stop(): Promise<void>
}

/**
 * The gateway as a browser meets a production install: behind the shipped edge,
 * deploy/nginx/nginx.conf run by Debian's nginx (TLS with a certificate made for the run, HTTP/2,
 * the upstream `server` lines replaced by `upstream`; the helper the rolling-restart test runs it
 * with). The browser is told to accept the certificate. Compression stays the gateway's (its .br
 * files and answers pass through).
 */
export async function startTlsEdge(upstream: string): Promise<TlsEdge> {
  const nginx = await startShippedNginx(join(root, 'deploy/nginx/nginx.conf'), [new URL(upstream).host])
  return { url: nginx.https, stop: nginx.stop }
}
