import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { calls, defineCall, wire } from '../src'

const SRC = resolve(__dirname, '../src')

/** The modules a module loads at run time (type-only imports and exports are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'([^']+)'/gm)].map((m) => m[1])
}

function loadedBy(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const spec of runtimeImports(file)) {
      if (!spec.startsWith('.')) seen.add(spec)
      else {
        const path = resolve(dirname(file), spec)
        visit(existsSync(`${path}.ts`) ? `${path}.ts` : resolve(path, 'index.ts'))
      }
    }
  }
  visit(resolve(SRC, entry))
  return seen
}

describe('the wire part of the contract', () => {
  it('loads no zod (the portal start-up imports only @ess/contract/wire)', () => {
    const loaded = loadedBy('wire.ts')
    expect([...loaded].filter((m) => !m.startsWith('/'))).toEqual(['@noble/hashes/hmac', '@noble/hashes/sha256', '@noble/hashes/utils'])
    expect(loaded.has(resolve(SRC, 'calls/wire.ts'))).toBe(true)
    expect(loadedBy('index.ts').has('zod')).toBe(true)
  })

  it('is where every call definition takes its method, path and access from', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(wire).sort())
    for (const [name, call] of Object.entries(calls)) expect(call).toMatchObject(wire[name as keyof typeof wire])
  })

  it('refuses schemas that take the input elsewhere than the wire says', () => {
    expect(() => defineCall({ ...wire.dictList, summary: '', tags: [], body: z.object({}), response: z.null() })).toThrow(/dict\/list/)
    expect(() => defineCall({ ...wire.getUserInfo, summary: '', tags: [], query: z.object({}), response: z.null() })).toThrow()
  })
})
