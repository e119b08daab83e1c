import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The gateway package, found from this module whether it runs from src/ (tsx, vitest) or bundled
 * into dist/server.js: the nearest folder above holding the gateway's package.json.
 */
function findPackage(from: string): { dir: string; version: string } {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json')
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (manifest.name === '@ess/gateway') return { dir, version: manifest.version ?? '0.0.0' }
    }
    if (path.dirname(dir) === dir) throw new Error(`The @ess/gateway package.json was not found above ${from}`)
  }
}

const gatewayPackage = findPackage(path.dirname(fileURLToPath(import.meta.url)))

export const packageDir = gatewayPackage.dir
export const packageVersion = gatewayPackage.version
export const migrationsDir = path.join(packageDir, 'migrations')
