/**
 * Writes the gateway's OpenAPI document (the one served at /app/docs/json) to a file, from the app
 * itself and without listening: the routes are registered on a throw-away in-memory database and
 * KV, then @fastify/swagger is asked for the document.
 *
 *   tsx scripts/openapi.ts [out.json]   (default: openapi.json beside the package.json, git-ignored)
 *
 * `npm run openapi:lint` lints that file with Redocly's recommended ruleset and the console's
 * `npm run api:check` generates its client types from it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../src/app'
import { loadConfig } from '../src/config'
import { pgliteDatabase } from '../src/db/client'
import { memoryKv } from '../src/infra/kv/memory'
import { packageDir } from '../src/paths'

const out = path.resolve(process.argv[2] ?? path.join(packageDir, 'openapi.json'))
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-openapi-'))
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORTAL_DIR: path.join(dataDir, 'no-portal'),
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
  })
  const database = pgliteDatabase(await PGlite.create('memory://'))
  const kv = memoryKv()
  const fastify = Fastify(serverOptions(config))
  await fastify.register(fp(app), { config, database, kv })
  await fastify.ready()
  const document = fastify.swagger()
  await fastify.close()
  await database.close()
  await kv.close()
  await writeFile(out, `${JSON.stringify(document, null, 2)}\n`)
  console.log(`OpenAPI: ${Object.keys(document.paths ?? {}).length} paths → ${path.relative(process.cwd(), out)}`)
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
