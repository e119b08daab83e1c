import { parse } from 'acorn'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TAB_ROUTES } from '@ess/contract/wire'
import { assertNoChunkCycle, chunkNameOf, domainOf, lazyChunkNames, mergeForLaunch } from '../config/lazy-chunks'
import { TAB_PAGES } from '../config/tab-pages'
import { type ModuleGraph, shapeOf } from '../config/start-up-set'

const SRC = '/app/src'
const shape = (code: string) => shapeOf(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Parameters<typeof shapeOf>[0])

/** Modules named by their ids, sources resolving to ids as written; `pure` modules declare no side effects. */
function graph(modules: Record<string, string>, pure: string[] = []): ModuleGraph {
  return {
    shape: (id) => (id in modules ? shape(modules[id]!) : undefined),
    resolve: (_importer, source) => (source in modules ? source : undefined),
    importedIds: () => [],
    hasSideEffects: (id) => !pure.includes(id),
  }
}

/** A page `<domain>/index.tsx` for each domain, importing as its code says, and modules of the given code sizes importing nothing. */
function pagesOf(pages: Record<string, string>, sizes: Record<string, number>) {
  const parts = Object.keys(pages).map((domain) => `${SRC}/${domain}/index.tsx`)
  const code = Object.fromEntries([...Object.keys(sizes).map((id) => [id, 'export const x = 1']), ...Object.values(pages).map((imports, i) => [parts[i]!, imports])])
  return { parts, modules: graph(code), codeSize: (id: string) => sizes[id] ?? 0 }
}

describe('lazy chunks (apps/portal/config/lazy-chunks.ts)', () => {
  it("names a lazy part's domain: its route's folder for a page, its own file otherwise", () => {
    expect(domainOf(`${SRC}/pages/user-center/index.tsx`, SRC)).toBe('pages/user-center')
    expect(domainOf(`${SRC}/pages/user-center/user-info/index.tsx`, SRC)).toBe('pages/user-center')
    expect(domainOf(`${SRC}/packages/safety/devices.tsx?taro-page`, SRC)).toBe('packages/safety')
    expect(domainOf(`${SRC}/components/confirm-host/dialog.tsx`, SRC)).toBe('components/confirm-host/dialog')
    expect(domainOf('/app/node_modules/@scope/lib/dist/x.js', SRC)).toBe('@scope/lib')
    expect(domainOf('/app/node_modules/hls.js/dist/hls.mjs', SRC)).toBe('hls.js')
    // A tab page is a domain of its own; the other pages of its folder stay together.
    const tabs = ['pages/user-center/index']
    expect(domainOf(`${SRC}/pages/user-center/index.tsx?taro-page`, SRC, tabs)).toBe('pages/user-center/index')
    expect(domainOf(`${SRC}/pages/user-center/user-info/index.tsx`, SRC, tabs)).toBe('pages/user-center')
    expect(domainOf(`${SRC}/pages/user-center/detail.tsx`, SRC, tabs)).toBe('pages/user-center')
  })

  it('the build names the contract\'s tab routes as domains of their own', () => {
    expect([...TAB_PAGES]).toEqual([...TAB_ROUTES])
  })

  it('names a chunk after its one domain, or after a digest of its set of domains in any order', () => {
    expect(chunkNameOf(['pages/user-center'])).toBe('pages-user-center-lazy')
    const shared = chunkNameOf(['packages/safety', 'pages/login'])
    expect(shared).toMatch(/^shared-[0-9a-f]{8}-lazy$/)
    expect(chunkNameOf(['pages/login', 'packages/safety'])).toBe(shared)
    expect(chunkNameOf(['pages/login', 'packages/users'])).not.toBe(shared)
  })

  it('puts a module with the domains that run it; the start-up and what no part runs are left out', () => {
    const names = lazyChunkNames(
      [`${SRC}/pages/user-center/index.tsx`, `${SRC}/packages/news/newsDetail.tsx`, `${SRC}/packages/safety/devices.tsx`, 'home'],
      new Set(['home', 'frame']),
      graph({
        home: `import 'frame'`,
        frame: `export const Frame = 1`,
        [`${SRC}/pages/user-center/index.tsx`]: `import { ListCard, Avatar } from 'ui'; import 'frame'`,
        [`${SRC}/packages/news/newsDetail.tsx`]: `import { Body } from 'articles'`,
        [`${SRC}/packages/safety/devices.tsx`]: `import { ListCard, Dialog } from 'ui'`,
        ui: `export { ListCard } from 'list-card'; export { Avatar } from 'avatar'; export { Dialog } from 'dialog'; export { Unused } from 'unused'`,
        'list-card': 'export const ListCard = 1',
        avatar: 'export const Avatar = 1',
        dialog: 'export const Dialog = 1',
        unused: 'export const Unused = 1',
        articles: 'export const Body = 1',
      }, ['list-card', 'avatar', 'dialog', 'unused']),
      SRC,
    )
    const both = chunkNameOf(['pages/user-center', 'packages/safety'])
    expect(names.get('list-card')).toBe(both)
    expect(names.get('avatar')).toBe('pages-user-center-lazy')
    expect(names.get('dialog')).toBe('packages-safety-lazy')
    expect(names.get('articles')).toBe('packages-news-lazy')
    for (const left of ['home', 'frame', 'unused']) expect(names.has(left)).toBe(false)
  })

  it('puts a group with less code than the minimum into the smallest larger group containing it', () => {
    const { parts, modules, codeSize } = pagesOf(
      { 'pages/a': `import 'ab'; import 'abc'; import 'a'`, 'pages/b': `import 'ab'; import 'abc'; import 'b'`, 'packages/c': `import 'abc'; import 'c'` },
      { ab: 500, abc: 10, a: 10, b: 900, c: 10 },
    )
    const names = lazyChunkNames(parts, new Set(), modules, SRC, { codeSize, minCode: 400 })
    const ab = chunkNameOf(['pages/a', 'pages/b'])
    expect(names.get('ab')).toBe(ab)
    expect(names.get('b')).toBe('pages-b-lazy')
    // Too small: pages/a's own code goes with a and b's; c's and the common one with every domain's.
    expect(names.get('a')).toBe(ab)
    const every = chunkNameOf(['pages/a', 'pages/b', 'packages/c'])
    expect(names.get('abc')).toBe(every)
    expect(names.get('c')).toBe(every)
  })

  it('merges no small group into the chunks of an exact domain that does not run it', () => {
    const { parts, modules, codeSize } = pagesOf(
      { 'pages/tab': `import 'shared'; import 'tab'`, 'pages/b': `import 'shared'; import 'bc'; import 'b'`, 'packages/c': `import 'shared'; import 'bc'` },
      { shared: 900, tab: 10, bc: 10, b: 900 },
    )
    const options = { codeSize, minCode: 400 }
    const every = chunkNameOf(['pages/tab', 'pages/b', 'packages/c'])
    // Without the rule, b and c's small group goes with every domain's code: the tab page loads it.
    expect(lazyChunkNames(parts, new Set(), modules, SRC, options).get('bc')).toBe(every)
    const names = lazyChunkNames(parts, new Set(), modules, SRC, { ...options, exact: ['pages/tab'] })
    expect(names.get('bc')).toBe(chunkNameOf(['pages/b', 'packages/c']))
    // What the tab page runs: every domain's chunk, and its own small group with the smallest one containing it.
    expect(names.get('shared')).toBe(every)
    expect(names.get('tab')).toBe(every)
    expect(names.get('b')).toBe('pages-b-lazy')
  })

  it("puts what only a family's parts run in the family's chunk; what others run too keeps its group", () => {
    const modules: Record<string, string> = {
      [`${SRC}/pages/login/index.tsx`]: `import 'form'; import 'dialog'; import 'list'`,
      [`${SRC}/packages/safety/bindPhone.tsx`]: `import 'form'; import 'dialog'; import 'list'`,
      [`${SRC}/packages/safety/devices.tsx`]: `import 'list'; import 'devices'`,
      form: `import 'zod'; export const Form = 1`,
      zod: 'export const z = 1',
      dialog: 'export const Dialog = 1',
      list: 'export const List = 1',
      devices: 'export const x = 1',
    }
    const parts = Object.keys(modules).filter((id) => id.startsWith(SRC))
    const names = lazyChunkNames(parts, new Set(), graph(modules), SRC, { family: { name: 'sign-in', marks: (id) => id === 'zod' } })
    for (const id of ['form', 'zod', 'dialog']) expect(names.get(id)).toBe('sign-in')
    expect(names.get('list')).toBe(chunkNameOf(['pages/login', 'packages/safety']))
    expect(names.get('devices')).toBe('packages-safety-lazy')
  })

  it("with heads, the family's chunk holds what its heads run; what only its other members run goes to its other chunk", () => {
    const modules: Record<string, string> = {
      [`${SRC}/pages/login/index.tsx`]: `import 'form'; import 'list'`,
      [`${SRC}/packages/safety/bindPhone.tsx`]: `import 'form'; import 'contacts'; import 'list'`,
      [`${SRC}/packages/safety/devices.tsx`]: `import 'list'`,
      form: `import 'zod'; export const Form = 1`,
      zod: 'export const z = 1',
      contacts: `import 'form'; export const Contacts = 1`,
      list: 'export const List = 1',
    }
    const parts = Object.keys(modules).filter((id) => id.startsWith(SRC))
    const family = { name: 'sign-in', marks: (id: string) => id === 'zod', heads: ['pages/login'], others: 'form-pages' }
    const names = lazyChunkNames(parts, new Set(), graph(modules), SRC, { family })
    for (const id of ['form', 'zod', `${SRC}/pages/login/index.tsx`]) expect(names.get(id)).toBe('sign-in')
    for (const id of ['contacts', `${SRC}/packages/safety/bindPhone.tsx`]) expect(names.get(id)).toBe('form-pages')
    expect(names.get('list')).toBe(chunkNameOf(['pages/login', 'packages/safety']))
  })

  it('never makes two chunks import each other (random graphs: a chunk imports only chunks of larger sets)', () => {
    const arbitrary = fc.record({
      size: fc.integer({ min: 2, max: 14 }),
      edges: fc.array(fc.tuple(fc.nat(13), fc.nat(13)), { maxLength: 40 }),
      parts: fc.array(fc.tuple(fc.nat(13), fc.constantFrom('pages/a', 'pages/b', 'packages/c', 'packages/d')), { minLength: 1, maxLength: 6 }),
      sizes: fc.array(fc.nat(100), { minLength: 14, maxLength: 14 }),
      minCode: fc.constantFrom(0, 50, 120, 400),
      marked: fc.option(fc.nat(13)),
      exact: fc.subarray(['pages/a', 'packages/c', 'packages/d']),
      heads: fc.option(fc.subarray(['pages/a', 'pages/b', 'packages/c'])),
      launchCost: fc.option(fc.record({ file: fc.constantFrom(1, 25, 1000), byte: fc.constantFrom(0, 0.01, 1) })),
    })
    fc.assert(
      fc.property(arbitrary, ({ size, edges, parts, sizes, minCode, marked, exact, heads, launchCost }) => {
        const ids = Array.from({ length: size }, (_, i) => `m${i}`)
        const imports = new Map(ids.map((id) => [id, new Set<string>()]))
        for (const [from, to] of edges) if (from % size !== to % size) imports.get(ids[from % size]!)!.add(ids[to % size]!)
        // A part is a page file of its domain that imports one module.
        const modules: Record<string, string> = {}
        for (const id of ids) modules[id] = [...imports.get(id)!].map((to) => `import '${to}'`).join('\n') + '\nexport const x = 1'
        const partIds = parts.map(([target, domain], i) => {
          const id = `${SRC}/${domain}/p${i}.tsx`
          modules[id] = `import '${ids[target % size]}'`
          return id
        })
        const codeSize = (id: string) => sizes[Number(id.slice(1))] ?? 0
        const family = marked === null ? undefined : { name: 'family', marks: (id: string) => id === ids[marked % size], heads: heads ?? undefined }
        const names = lazyChunkNames(partIds, new Set(), graph(modules), SRC, { codeSize, minCode, family, exact, launchCost: launchCost ?? undefined })
        // Chunk → chunks it imports; a chunk importing itself is not an edge.
        const chunkEdges = new Map<string, Set<string>>()
        for (const id of ids) {
          const from = names.get(id)
          if (!from) continue
          for (const to of imports.get(id)!) {
            const target = names.get(to)!
            if (target !== from) (chunkEdges.get(from) ?? chunkEdges.set(from, new Set()).get(from)!).add(target)
          }
        }
        const reaches = (from: string, goal: string, seen = new Set<string>()): boolean =>
          [...(chunkEdges.get(from) ?? [])].some((next) => next === goal || (!seen.has(next) && (seen.add(next), reaches(next, goal, seen))))
        for (const chunk of chunkEdges.keys()) expect(reaches(chunk, chunk)).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  describe('merging for a launch (mergeForLaunch)', () => {
    // Four pages; chunk → modules; page → the modules it runs; no imports unless given.
    const names = new Map([
      ['a1', 'A'],
      ['b1', 'B'],
      ['c1', 'C'],
      ['d1', 'D'],
    ])
    const needs = (pages: Record<string, string[]>) => new Map(Object.entries(pages).map(([page, ids]) => [page, new Set(ids)]))
    const sizes: Record<string, number> = { a1: 1000, b1: 1000, c1: 50_000, d1: 1000 }
    const codeSize = (id: string) => sizes[id] ?? 0
    const cost = { file: 25, byte: 0.001 }
    const none = new Map<string, Set<string>>()

    it('merges chunks that the same pages load, and one whose code costs the other pages less than the files it saves', () => {
      const merged = mergeForLaunch(names, needs({ p: ['a1', 'b1', 'c1'], q: ['a1', 'b1', 'c1'], r: ['d1'], s: ['c1', 'd1'] }), none, codeSize, cost)
      // A and B: the same pages, a file fewer for p and q (−50). Then C: a file fewer for p and q, A and
      // B's 2 KB more for s (−48); the merged chunk takes the larger one's name. D would save s a file
      // but cost r the 52 KB and p and q 1 KB each (+29): kept apart.
      expect(['a1', 'b1', 'c1'].map((id) => merged.get(id))).toEqual(['C', 'C', 'C'])
      expect(merged.get('d1')).toBe('D')
    })

    it('adds no code to an exact page and leaves fixed chunks alone', () => {
      const pages = needs({ p: ['a1', 'b1'], q: ['a1'], r: ['a1', 'b1'] })
      expect(mergeForLaunch(names, pages, none, codeSize, cost).get('b1')).toBe('A')
      expect(mergeForLaunch(names, pages, none, codeSize, cost, { exactPages: new Set(['q']) }).get('b1')).toBe('B')
      expect(mergeForLaunch(names, pages, none, codeSize, cost, { fixed: new Set(['B']) }).get('b1')).toBe('B')
    })

    it("with a weight, code added to an exact page counts that many times; the file it saves, once", () => {
      // p and r save a file each (−50); q, exact, takes B's 1 KB: 1 ms, 40 ms at weight 40, 60 at 60.
      const pages = needs({ p: ['a1', 'b1'], q: ['a1'], r: ['a1', 'b1'] })
      const exactPages = new Set(['q'])
      expect(mergeForLaunch(names, pages, none, codeSize, cost, { exactPages, exactWeight: 40 }).get('b1')).toBe('A')
      expect(mergeForLaunch(names, pages, none, codeSize, cost, { exactPages, exactWeight: 60 }).get('b1')).toBe('B')
      // An exact page that loads both saves its file like any page.
      const both = needs({ p: ['a1', 'b1'], q: ['a1', 'b1'] })
      expect(mergeForLaunch(names, both, none, codeSize, { ...cost, file: 1 }, { exactPages, exactWeight: 60 }).get('b1')).toBe('A')
    })

    it('makes no merge after which chunks would import each other, also through a module of another chunk', () => {
      const pages = needs({ p: ['a1', 'b1'], q: ['a1', 'b1'], r: ['c1'] })
      // A runs C's module, which runs B's: A and B merged (the best merge for p and q) would import C,
      // which imports them. (Merged with C too, the three make one chunk: C must stay, a fixed one.)
      const chain = new Map([
        ['a1', new Set(['c1'])],
        ['c1', new Set(['b1'])],
      ])
      expect(['a1', 'b1', 'c1'].map((id) => mergeForLaunch(names, pages, chain, codeSize, cost, { fixed: new Set(['C']) }).get(id))).toEqual(['A', 'B', 'C'])
      expect(['a1', 'b1', 'c1'].map((id) => mergeForLaunch(names, pages, chain, codeSize, cost).get(id))).toEqual(['C', 'C', 'C'])
      // The same through a module no lazy chunk holds (the forms' chunk, say): a node of its own.
      const viaOther = new Map([
        ['a1', new Set(['rules'])],
        ['rules', new Set(['b1'])],
      ])
      expect(mergeForLaunch(names, pages, viaOther, codeSize, cost).get('b1')).toBe('B')
      // Without C's (or the other module's) import of B they merge.
      const free = mergeForLaunch(names, pages, new Map([['a1', new Set(['c1'])]]), codeSize, cost, { fixed: new Set(['C']) })
      expect([free.get('a1'), free.get('b1')]).toEqual(['A', 'A'])
    })

    it("fails the build on chunks that import each other (the bundle's check)", () => {
      expect(() => assertNoChunkCycle({ 'a.js': { type: 'chunk', imports: ['b.js'] }, 'b.js': { type: 'chunk', imports: ['c.js'] }, 'c.js': { type: 'chunk', imports: [] } })).not.toThrow()
      expect(() => assertNoChunkCycle({ 'a.js': { type: 'chunk', imports: ['b.js'] }, 'b.js': { type: 'chunk', imports: ['a.js'] } })).toThrow(/a\.js → b\.js → a\.js/)
    })
  })
})
