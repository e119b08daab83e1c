/**
 * The modules the H5 start-up runs: the app entry and the home page, and what they import
 * statically, followed by imported name rather than by module.
 *
 * A module that only re-exports (an index like `@ess/contract/wire`, NutUI's icon package or
 * `@tarojs/components`) does not run anything itself: what the start-up takes through it is the
 * modules that define the names it asks for, not everything the index lists. Following modules
 * instead kept every icon of NutUI's icon index and the whole error catalogue in the start-up
 * chunks although the start-up uses a few icons and three error codes.
 *
 * The walk is conservative: a module that defines a requested name, or has code of its own that
 * may have side effects, runs whole with everything it imports; a module the walk cannot read
 * (no syntax tree) counts whole too. `assertStartUpChunks` checks the outcome on the bundle.
 */

/** The part of an ESTree node the walk reads. */
interface Node {
  type: string
  source?: { value: unknown } | null
  specifiers?: Array<{ type: string; imported?: Name; local?: Name; exported?: Name }>
  exported?: Name | null
}
interface Name {
  type: string
  name?: string
  value?: unknown
}

export interface ModuleShape {
  /** Static imports: a source and the names taken from it ('*' for a namespace; none for a bare import). */
  imports: Array<{ source: string; names: string[] }>
  /** `export { a as b } from 'x'` and `export * as b from 'x'`: b → (x, a or '*'). */
  reexports: Map<string, { source: string; name: string }>
  /** `export * from 'x'`. */
  stars: string[]
  /** Names the module defines itself. */
  local: Set<string>
  /** Whether it has statements besides imports and re-exports. */
  hasCode: boolean
}

const nameOf = (n: Name | undefined | null): string => (n ? String(n.name ?? n.value) : 'default')

/** What a module imports, re-exports and defines, read from its syntax tree (after transforms). */
export function shapeOf(ast: { body: Node[] }): ModuleShape {
  const shape: ModuleShape = { imports: [], reexports: new Map(), stars: [], local: new Set(), hasCode: false }
  for (const node of ast.body) {
    const source = typeof node.source?.value === 'string' ? node.source.value : undefined
    if (node.type === 'ImportDeclaration' && source !== undefined) {
      const names = (node.specifiers ?? []).map((s) =>
        s.type === 'ImportNamespaceSpecifier' ? '*' : s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported),
      )
      shape.imports.push({ source, names })
    } else if (node.type === 'ExportAllDeclaration' && source !== undefined) {
      if (node.exported) shape.reexports.set(nameOf(node.exported), { source, name: '*' })
      else shape.stars.push(source)
    } else if (node.type === 'ExportNamedDeclaration' && source !== undefined) {
      for (const s of node.specifiers ?? []) shape.reexports.set(nameOf(s.exported), { source, name: nameOf(s.local) })
    } else {
      shape.hasCode = true
      if (node.type === 'ExportDefaultDeclaration') shape.local.add('default')
      if (node.type === 'ExportNamedDeclaration') {
        for (const s of node.specifiers ?? []) shape.local.add(nameOf(s.exported))
        const declaration = (node as { declaration?: { id?: Name; declarations?: Array<{ id: Name }> } | null }).declaration
        if (declaration?.id) shape.local.add(nameOf(declaration.id))
        for (const d of declaration?.declarations ?? []) if (d.id.type === 'Identifier') shape.local.add(nameOf(d.id))
      }
    }
  }
  return shape
}

export interface ModuleGraph {
  /** The shape of a module; undefined when it could not be read. */
  shape(id: string): ModuleShape | undefined
  /** The module a source of `importer` resolves to; undefined for an external. */
  resolve(importer: string, source: string): string | undefined
  /** Every module a module imports statically (for modules without a shape). */
  importedIds(id: string): readonly string[]
  /** Whether a module's own code may have side effects (package.json `sideEffects`). */
  hasSideEffects(id: string): boolean
}

/**
 * The modules whose code runs at start-up, from the roots (which run whole).
 *
 * As in ES modules: importing from a module evaluates it and, first, every module it imports or
 * re-exports from; a module with side effects runs whole when evaluated; a module without
 * (package.json `sideEffects`) runs only when a name it defines is asked for. An index that only
 * re-exports runs nothing itself, and passes each name asked on to the module that defines it.
 */
export function startUpSet(roots: Iterable<string>, graph: ModuleGraph, stop?: (id: string) => boolean): Set<string> {
  const running = new Set<string>()
  const evaluated = new Set<string>()
  const asked = new Set<string>()
  const work: Array<() => void> = []

  const dependencies = (id: string, shape: ModuleShape) =>
    [...shape.imports.map((i) => i.source), ...[...shape.reexports.values()].map((r) => r.source), ...shape.stars]
      .map((source) => graph.resolve(id, source))
      .filter((target): target is string => target !== undefined)

  const evaluate = (id: string) => {
    if (evaluated.has(id)) return
    evaluated.add(id)
    const shape = graph.shape(id)
    if (!shape) return run(id)
    if (shape.hasCode && graph.hasSideEffects(id)) run(id)
    if (running.has(id) && stop?.(id)) return
    for (const dep of dependencies(id, shape)) work.push(() => evaluate(dep))
  }

  const run = (id: string) => {
    if (running.has(id)) return
    running.add(id)
    // A module `stop` names runs, but what it runs is not followed (the modules a module runs directly).
    if (stop?.(id)) return
    const shape = graph.shape(id)
    if (!shape) {
      for (const dep of graph.importedIds(id)) work.push(() => run(dep))
      return
    }
    evaluate(id)
    for (const { source, names } of shape.imports) {
      const target = graph.resolve(id, source)
      if (target !== undefined) for (const name of names) work.push(() => ask(target, name))
    }
  }

  /** Whether a module may export a name, through its re-exports (`export *` never passes on `default`); an unreadable one may. */
  const mayExport = (id: string, name: string, seen = new Set<string>()): boolean => {
    const shape = graph.shape(id)
    if (!shape) return true
    if (seen.has(id)) return false
    seen.add(id)
    if (shape.local.has(name) || shape.reexports.has(name)) return true
    return shape.stars.some((star) => {
      const target = graph.resolve(id, star)
      return target !== undefined && mayExport(target, name, seen)
    })
  }

  const ask = (id: string, name: string) => {
    const key = `${id}\0${name}`
    if (asked.has(key)) return
    asked.add(key)
    evaluate(id)
    const shape = graph.shape(id)
    if (!shape) return run(id)
    if (name === '*') {
      if (shape.local.size) run(id)
      for (const exported of shape.reexports.keys()) work.push(() => ask(id, exported))
      for (const star of shape.stars) {
        const target = graph.resolve(id, star)
        if (target !== undefined) work.push(() => ask(target, '*'))
      }
      return
    }
    if (shape.local.has(name)) return run(id)
    const reexport = shape.reexports.get(name)
    if (reexport) {
      const target = graph.resolve(id, reexport.source)
      if (target !== undefined) work.push(() => ask(target, reexport.name))
      return
    }
    if (name !== 'default') {
      const sources = shape.stars.map((star) => graph.resolve(id, star)).filter((t): t is string => t !== undefined)
      const providers = sources.filter((target) => mayExport(target, name))
      for (const target of providers) work.push(() => ask(target, name))
      if (providers.length) return
    }
    // A name the walk cannot place: the module counts whole.
    run(id)
  }

  for (const root of roots) run(root)
  for (let next = work.pop(); next; next = work.pop()) next()
  return running
}

interface OutputChunk {
  type: 'chunk'
  name: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  moduleIds?: string[]
}

/**
 * Fails the build when a chunk the start-up loads (an entry, or a chunk whose module `loadedAtStart`
 * names: a start page, a lazy part every first visit loads, and what they import statically)
 * imports a `-lazy` chunk: a module was put in a lazy chunk, which would be loaded at start after all.
 */
export function assertStartUpChunks(bundle: Record<string, OutputChunk | { type: 'asset' }>, loadedAtStart: (id: string) => boolean) {
  const chunks = new Map(Object.entries(bundle).filter((entry): entry is [string, OutputChunk] => entry[1].type === 'chunk'))
  const pending = [...chunks].filter(([, c]) => c.isEntry || (c.facadeModuleId && loadedAtStart(c.facadeModuleId))).map(([file]) => file)
  const seen = new Set<string>()
  const importer = new Map<string, string>()
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const chunk = chunks.get(file)
    if (!chunk) continue
    if (chunk.name.endsWith('-lazy')) {
      // Say which chunk asked for it and what the lazy chunk holds: the module to look at is among them.
      const held = (chunk.moduleIds ?? []).map((id) => id.replace(/^.*\/(src|node_modules)\//, '$1/')).slice(0, 12)
      throw new Error(
        `The start-up loads ${file} (imported by ${importer.get(file) ?? '?'}): a module it needs was put in a lazy chunk (apps/portal/config/start-up-set.ts). It holds: ${held.join(', ')}`,
      )
    }
    for (const next of chunk.imports) if (!importer.has(next)) importer.set(next, file)
    pending.push(...chunk.imports)
  }
}
