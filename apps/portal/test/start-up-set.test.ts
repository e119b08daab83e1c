import { parse } from 'acorn'
import { describe, expect, it } from 'vitest'
import { type ModuleGraph, assertStartUpChunks, shapeOf, startUpSet } from '../config/start-up-set'

const shape = (code: string) => shapeOf(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Parameters<typeof shapeOf>[0])

/** A graph of modules named by their ids, sources resolving to ids as written; `pure` modules declare no side effects. */
function graph(modules: Record<string, string | null>, pure: string[] = []): ModuleGraph {
  return {
    shape: (id) => (modules[id] == null ? undefined : shape(modules[id]!)),
    resolve: (_importer, source) => (source in modules ? source : undefined),
    importedIds: (id) => [...(modules[id] ?? '').matchAll(/from '([^']+)'/g)].map((m) => m[1]),
    hasSideEffects: (id) => !pure.includes(id),
  }
}

describe('start-up set (apps/portal/config/start-up-set.ts)', () => {
  it('reads imports, re-exports and the names a module defines', () => {
    const s = shape(`
      import React, { useState as use } from 'react'
      import * as all from 'ns'
      import './style.css'
      export { default as Close, Add } from './icons'
      export * from './errors'
      export * as routes from './routes'
      export const a = 1, b = 2
      export function f() {}
      const c = 3
      export { c as d }
      export default f
    `)
    expect(s.imports).toEqual([
      { source: 'react', names: ['default', 'useState'] },
      { source: 'ns', names: ['*'] },
      { source: './style.css', names: [] },
    ])
    expect([...s.reexports]).toEqual([
      ['Close', { source: './icons', name: 'default' }],
      ['Add', { source: './icons', name: 'Add' }],
      ['routes', { source: './routes', name: '*' }],
    ])
    expect(s.stars).toEqual(['./errors'])
    expect([...s.local].sort()).toEqual(['a', 'b', 'd', 'default', 'f'])
    expect(s.hasCode).toBe(true)
    expect(shape(`import x from 'y'; export { x }; export * from 'z'`).hasCode).toBe(true)
    expect(shape(`export { a } from 'y'; export * from 'z'`).hasCode).toBe(false)
  })

  it('takes from an index only the modules that define the names asked for', () => {
    const modules = {
      entry: `import { Close } from 'icons'; import { HOME } from 'wire'; render(Close, HOME)`,
      icons: `export { default as Close } from 'close'; export { default as Add } from 'add'`,
      close: `export default function Close() {}`,
      add: `export default function Add() {}`,
      wire: `export * from 'errors'; export * from 'routes'`,
      errors: `export const ERRORS = {}`,
      routes: `export const HOME = '/'`,
    }
    const pure = ['icons', 'close', 'add', 'wire', 'errors', 'routes']
    expect([...startUpSet(['entry'], graph(modules, pure))].sort()).toEqual(['close', 'entry', 'routes'])
  })

  it('runs, as ES modules do, a module with side effects that an index it goes through re-exports', () => {
    const modules = {
      entry: `import { a } from 'barrel'; use(a)`,
      barrel: `export { a } from 'a'; export { b } from 'b'; export { c } from 'c'`,
      a: `export const a = 1`,
      b: `window.patched = true; export const b = 2`,
      c: `export const c = 3`,
    }
    expect([...startUpSet(['entry'], graph(modules, ['a', 'c']))].sort()).toEqual(['a', 'b', 'entry'])
  })

  it('runs bare imports, namespaces and what the modules that run import', () => {
    const modules = {
      entry: `import 'polyfill'; import * as ns from 'barrel'; use(ns)`,
      polyfill: `globalThis.x = 1`,
      barrel: `export { a } from 'a'; export * from 'b'`,
      a: `import { helper } from 'helpers'; export const a = helper()`,
      b: `export const b = 2`,
      helpers: `export const helper = () => 1; export const other = 2`,
    }
    expect([...startUpSet(['entry'], graph(modules))].sort()).toEqual(['a', 'b', 'entry', 'helpers', 'polyfill'])
  })

  it('counts whole a module with code of its own that may have side effects, unless its package says it has none', () => {
    const modules = {
      entry: `import { x } from 'mixed'; use(x)`,
      mixed: `export { x } from 'x'; window.ready = true`,
      x: `export const x = 1`,
    }
    expect([...startUpSet(['entry'], graph(modules))].sort()).toEqual(['entry', 'mixed', 'x'])
    expect([...startUpSet(['entry'], graph(modules, ['mixed']))].sort()).toEqual(['entry', 'x'])
  })

  it('counts whole, with all it imports, a module it cannot read', () => {
    const modules = { entry: `import { a } from 'opaque'; use(a)`, opaque: null, dep: `export const d = 1` }
    const g = graph(modules)
    const set = startUpSet(['entry'], { ...g, importedIds: (id) => (id === 'opaque' ? ['dep'] : g.importedIds(id)) })
    expect([...set].sort()).toEqual(['dep', 'entry', 'opaque'])
  })

  it('fails a bundle whose start-up imports a lazy chunk, and passes one that does not', () => {
    const chunk = (name: string, imports: string[], extra: Partial<{ isEntry: boolean; facadeModuleId: string }> = {}) => ({
      type: 'chunk' as const,
      name,
      imports,
      isEntry: false,
      facadeModuleId: null as string | null,
      ...extra,
    })
    const isHome = (id: string) => id.endsWith('home/index.tsx')
    const good = {
      'app.js': chunk('app', ['vendors.js', 'common.js'], { isEntry: true }),
      'vendors.js': chunk('vendors', []),
      'common.js': chunk('common', ['vendors.js']),
      'home.js': chunk('index', ['common.js'], { facadeModuleId: '/src/pages/home/index.tsx' }),
      'login.js': chunk('index', ['common-lazy.js'], { facadeModuleId: '/src/packages/login/index.tsx' }),
      'common-lazy.js': chunk('common-lazy', ['vendors.js']),
    }
    expect(() => assertStartUpChunks(good, isHome)).not.toThrow()
    const bad = { ...good, 'home.js': chunk('index', ['common-lazy.js'], { facadeModuleId: '/src/pages/home/index.tsx' }) }
    expect(() => assertStartUpChunks(bad, isHome)).toThrow(/start-up loads common-lazy\.js/)

    // A lazy part every first visit loads (the consent panel) counts as start-up too.
    const isHomeOrPanel = (id: string) => isHome(id) || id.endsWith('privacy-consent/panel.tsx')
    const panel = (imports: string[]) => chunk('panel', imports, { facadeModuleId: '/src/components/privacy-consent/panel.tsx' })
    expect(() => assertStartUpChunks({ ...good, 'panel.js': panel(['common.js', 'agreement-links.js']), 'agreement-links.js': chunk('agreement-links', ['common.js']) }, isHomeOrPanel)).not.toThrow()
    const pulling = { ...good, 'panel.js': panel(['common.js', 'common-lazy.js']) }
    expect(() => assertStartUpChunks(pulling, isHome)).not.toThrow()
    expect(() => assertStartUpChunks(pulling, isHomeOrPanel)).toThrow(/start-up loads common-lazy\.js/)
  })
})
