// The shipped deploy/nginx/nginx.conf run with Debian's nginx as a child process, its addresses,
// certificate and paths replaced: by the rolling-restart test (two gateways, restarted under load),
// the production-install browser test (the installed gateway behind it) and the bench's Lighthouse
// through the edge (bench/tls-edge.ts). Node built-ins only: the browser tests load it as CommonJS.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'

export const NGINX = '/usr/sbin/nginx'

export interface NginxPlace {
  /** Plain HTTP port (the shipped `listen 80`: it only redirects to HTTPS). */
  http: number
  /** HTTPS + HTTP/2 port (the shipped `listen 443 ssl http2`). */
  https: number
  /** The gateways' `host:port`, in the order of the shipped `server gateway-N:8080` lines; fewer drop the rest. */
  gateways: string[]
  /** A folder of this run: logs, temporary files, the certificate. */
  prefix: string
  certificate: string
  key: string
}

/** The shipped configuration with a run's addresses, certificate and a prefix of its own. */
export function nginxConfig(shipped: string, place: NginxPlace): string {
  const lines = [...shipped.matchAll(/^\s*server gateway-\d+:8080 .*;$/gm)].length
  if (lines < place.gateways.length) throw new Error(`deploy/nginx/nginx.conf names ${lines} gateways, not ${place.gateways.length}`)
  let servers = 0
  const replaced = {
    http: 0,
    https: 0,
    certificate: 0,
  }
  const config = shipped
    .replace(/^(\s*)server gateway-\d+:8080 (.*);\n/gm, (_line, indent: string, rest: string) => {
      const gateway = place.gateways[servers++]
      return gateway ? `${indent}server ${gateway} ${rest};\n` : ''
    })
    .replace(/^(\s*)listen 80;$/m, (_line, indent: string) => (replaced.http++, `${indent}listen 127.0.0.1:${place.http};`))
    .replace(/^(\s*)listen 443 ssl http2;$/m, (_line, indent: string) => (replaced.https++, `${indent}listen 127.0.0.1:${place.https} ssl http2;`))
    .replace(/^(\s*)ssl_certificate \/etc\/nginx\/tls\/fullchain\.pem;$/m, (_line, indent: string) => (replaced.certificate++, `${indent}ssl_certificate ${place.certificate};`))
    .replace(/^(\s*)ssl_certificate_key \/etc\/nginx\/tls\/privkey\.pem;$/m, (_line, indent: string) => (replaced.certificate++, `${indent}ssl_certificate_key ${place.key};`))
    .replace('/var/log/nginx/access.log', path.join(place.prefix, 'access.log'))
    .replace(
      /^http \{$/m,
      ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].reduce((text, kind) => `${text}\n  ${kind}_temp_path ${path.join(place.prefix, kind)};`, 'http {'),
    )
  if (replaced.http !== 1 || replaced.https !== 1 || replaced.certificate !== 2) {
    throw new Error(`deploy/nginx/nginx.conf no longer has the lines this helper replaces (${JSON.stringify(replaced)})`)
  }
  return config
}

/** A certificate for 127.0.0.1 valid a day (openssl, P-256), made for one run. */
export function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate],
    { stdio: 'ignore' },
  )
  return { certificate, key }
}

export interface ShippedNginx {
  /** `http://127.0.0.1:<port>`: the redirecting plain port. */
  http: string
  /** `https://127.0.0.1:<port>`: TLS + HTTP/2 in front of the gateways. */
  https: string
  /** The run's certificate (PEM): the clients' trusted CA. */
  ca: string
  accessLog(): Promise<string>
  errorLog(): Promise<string>
  stop(): Promise<void>
}

/**
 * Debian's nginx running the shipped configuration (`shippedConf`: the repository's
 * deploy/nginx/nginx.conf) in front of `gateways`, once it answers.
 */
export async function startShippedNginx(shippedConf: string, gateways: string[]): Promise<ShippedNginx> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'ess-nginx-'))
  const { certificate, key } = selfSignedCertificate(prefix)
  const [http, https] = [await freePort(), await freePort()]
  const shipped = await readFile(shippedConf, 'utf8')
  const conf = path.join(prefix, 'nginx.conf')
  await writeFile(conf, nginxConfig(shipped, { http, https, gateways, prefix, certificate, key }))
  const errorLog = path.join(prefix, 'error.log')
  // As root (CI), workers stay root so that they can write the run's temporary folders (mkdtemp: 0700).
  const user = process.getuid?.() === 0 ? ' user root;' : ''
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLog, '-g', `daemon off; pid ${path.join(prefix, 'nginx.pid')};${user}`], { stdio: ['ignore', 'inherit', 'inherit'] })
  const ca = await readFile(certificate, 'utf8')
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: nginx's graceful stop.
      child.kill('SIGQUIT')
      await exited
    }
    await rm(prefix, { recursive: true, force: true })
  }
  const started = Date.now()
  // Plain HTTP answers with its redirect once nginx listens (both ports open together).
  while (!(await fetch(`http://127.0.0.1:${http}/`, { redirect: 'manual' }).then((r) => r.status === 301, () => false))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      const log = await readFile(errorLog, 'utf8').catch(() => '')
      await stop()
      throw new Error(`nginx did not start: ${log.slice(-1500)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    http: `http://127.0.0.1:${http}`,
    https: `https://127.0.0.1:${https}`,
    ca,
    accessLog: () => readFile(path.join(prefix, 'access.log'), 'utf8'),
    errorLog: () => readFile(errorLog, 'utf8').catch(() => ''),
    stop,
  }
}
