import path from 'node:path'
import type { Config } from './config'

const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'])

/** The origin a person opens: `localhost` for a loopback or any-address listener. */
export function originOf(host: string, port: number): string {
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${name}:${port}`
}

/** host:port/database of a connection URL, its user and password left out. */
function whereIs(url: string, defaultPort: number): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || defaultPort}${u.pathname === '/' ? '' : u.pathname}`
}

/**
 * What `npm start` says once the gateway listens (LOG_FORMAT=pretty): where the portal, the dev
 * outbox, the operators' console and the API docs are, which database and key-value store it uses, where its data is.
 */
export function readyBanner(config: Config, port: number): string {
  const origin = originOf(config.host, port)
  const rows: Array<[string, string]> = [['console', `${origin}/console/  (the operators' console)`]]
  if (!config.isProduction) rows.push(['dev outbox', `${origin}/dev/outbox  (the codes sent by SMS and email)`])
  rows.push(['API docs', `${origin}/app/docs`])
  rows.push([
    'database',
    config.databaseUrl
      ? `PostgreSQL at ${whereIs(config.databaseUrl, 5432)}`
      : `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'pglite')}`,
  ])
  rows.push(['key-value', config.redisUrl ? `Redis at ${whereIs(config.redisUrl, 6379)}` : 'in memory (this process only)'])
  rows.push(['data folder', `${config.dataDir}  (generated keys${config.databaseUrl ? '' : ', the embedded database'})`])
  const width = Math.max(...rows.map(([label]) => label.length))
  return [
    '',
    `  ESS portal is ready: ${origin}/#/pages/home/index`,
    '',
    ...rows.map(([label, value]) => `    ${label.padEnd(width)}  ${value}`),
    '',
    '  Ctrl+C stops it.',
    '',
  ].join('\n')
}
