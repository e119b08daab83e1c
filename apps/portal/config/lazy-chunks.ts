import { createHash } from 'node:crypto'
import path from 'node:path'
import { type ModuleGraph, startUpSet } from './start-up-set'

/**
 * How the H5 build groups the code that only lazily loaded parts run (pages other than home, the
 * confirm dialog, the assistant's client…): by the app domains whose parts run it.
 *
 * It was one chunk for the libraries (`vendors-lazy`) and one for our code (`common-lazy`): every
 * lazy page loaded both whole, so an article (3 KB of code of its own) and My account loaded the
 * sign-in forms' dialogs, inputs and popups, every icon of every screen and six domains' texts, 75 KB
 * gzip. Rollup groups what it chunks itself by the exact set of entries that need a module; it
 * cannot do it here, because the start-up's manual chunks would take in every module their indexes
 * import (Rollup adds a manual chunk's static imports to it), so the groups are named here.
 *
 * A lazy part belongs to a domain: its route's folder (`packages/safety`, `pages/user-center`), or
 * its own file for a part that is not a page (`components/confirm-host/dialog`). A module is needed
 * by a part when the part runs it (what `startUpSet` follows from the part, by imported name); its
 * chunk is named by the set of domains of the parts that need it. That grouping never makes two
 * chunks import each other (the set of a module includes the set of every module importing it,
 * so a chunk imports only chunks of larger sets), and a page loads the code of its own domain and
 * of the sets that include it, not the code of other domains. Three things keep the number of files
 * down (each costs a round trip on HTTP/1.1): small groups go with a larger group containing them
 * (MIN_GROUP_CODE), the code only the form pages run goes with their sign-in UI (`family`), and
 * then chunks are merged while that makes launching at the pages cheaper on the whole (`launchCost`,
 * mergeForLaunch): the intersections the first rule keeps (1–4 KB groups that 20 pages each load)
 * and the groups that the same pages load go together, as long as no two chunks import each other.
 * The domains' texts (src/i18n/<domain>/) are grouped like the rest. The tab pages are domains of
 * their own, and they and the articles are `exact`: no small group they do not run is merged into
 * what they load.
 *
 * Measured (bench/RESULTS.md, 2026-11-26): My account 13 files / 78 KB gzip before, 14 / 41 after;
 * an article 11 / 76 → 3 / 8; a sign-in page 20 / 133 → 25 / 115. Then (2026-11-27, tab pages on
 * their own, `exact`, MIN_GROUP_CODE 6,000 → 12,000): My account 14 / 41 → 6 / 18, an article
 * 3 / 7.7 → 3 / 2.0, a sign-in page 27 / 118 → 21 / 119; over the 53 lazy routes 16.0 → 12.5 files
 * and 62.9 → 66.3 KB a route.
 */

/**
 * The domain of a lazy part: its route's folder for a page, its own file (no extension) otherwise,
 * and for a page of `ownDomains` (routes such as `pages/user-center/index`) the page itself. Those are
 * the tab pages: opened at launch and by the tab bar, they load what they show and not the code of
 * the pages in their folder (My account loaded its personal-info page's popup, 14 files / 41 KB gzip).
 */
export function domainOf(id: string, sourceDir: string, ownDomains: readonly string[] = []): string {
  const file = id.split('?')[0]!
  const nodeModule = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file)
  if (nodeModule) return nodeModule[1]!.replace(/\\/g, '/')
  const relative = path.relative(sourceDir, file).replace(/\\/g, '/')
  const own = relative.replace(/\.[^./]+$/, '')
  if (ownDomains.includes(own)) return own
  const [top, folder] = relative.split('/')
  if ((top === 'pages' || top === 'packages') && folder) return `${top}/${folder}`
  return own
}

/** The chunk of a set of domains: named after the domain when there is one, after a digest of the set otherwise. */
export function chunkNameOf(domains: readonly string[]): string {
  const sorted = [...domains].sort()
  if (sorted.length === 1) return `${sorted[0]!.replace(/[^a-zA-Z0-9]+/g, '-')}-lazy`
  return `shared-${createHash('sha256').update(sorted.join('\n')).digest('hex').slice(0, 8)}-lazy`
}

/**
 * Below this much code (bytes of a module's code after transforms, before minifying), a group is
 * not a chunk of its own but goes with a larger group that contains it: on HTTP/1.1, six
 * connections a host, each file costs a page about a round trip shared six ways (on a slow 4G
 * link, as much time as ~5 KB more of code), and the exact groups made the sign-in pages load
 * 42 files instead of 19, slower for all their smaller bytes. 12,000 rather than 6,000 once the
 * `exact` domains no longer take in the others' small groups: a route loads 4.2 files fewer on the
 * mean (16.7 → 12.5) for 3.2 KB gzip more (a simulation on the build's graph put 6,000–15,000
 * within 1% of each other on a cost of 25 ms a file and 5 ms a KB gzip; 12,000 had the fewest
 * sign-in page files).
 */
export const MIN_GROUP_CODE = 12_000

export interface LazyChunkOptions {
  /** The size of a module's code, and the least code a group of its own has (MIN_GROUP_CODE). */
  codeSize?: (id: string) => number
  minCode?: number
  /**
   * A family of parts that share most of their code: the parts that run a module `marks` (the
   * sign-in UI's); what only they run goes to the chunk `name` with that module, one file instead
   * of a group for every subset of them (the sign-in pages loaded some twenty groups).
   */
  family?: {
    name: string
    marks: (id: string) => boolean
    /**
     * The family's first pages (domains): the family's chunk holds only what they run, and what
     * only the other members run goes to the chunk `others`, so that those pages do not load the
     * code of the rest of the family (the sign-in page loaded the account security and real-name
     * pages' code, and the chunks that code imports). Without `heads`, one chunk.
     */
    heads?: readonly string[]
    others?: string
  }
  /** Pages that are a domain of their own (domainOf). */
  ownDomains?: readonly string[]
  /**
   * Domains that load no code of small groups they do not run: for each, the set of all other
   * domains is a kept group, so a small group without it goes to a container without it (a few
   * more files for the other pages, none for these).
   */
  exact?: readonly string[]
  /**
   * What a file and a byte of code cost a launch (LAUNCH_COST): with it, after the grouping, two
   * chunks are merged while that lowers the summed cost of launching at each page (mergeForLaunch).
   */
  launchCost?: LaunchCost
}

/** The cost of a launch at a page (Lantern's HTTP/1.1 model, roughly): a price a file, and a byte of code. */
export interface LaunchCost {
  /** A file: its round trip, shared six ways. */
  file: number
  /** A byte of code (after transforms, before minifying): its share of the compressed transfer. */
  byte: number
  /**
   * How many times code added to a page of an `exact` domain counts (the tab pages, the articles,
   * the sign-in pages: opened most, and at launch; a file saved counts once); without it, no merge
   * adds code to such a page.
   */
  exact?: number
}

/**
 * 25 ms a file, 5 ms a KB gzip (1.6 Mbit/s), a byte of code ~0.25 byte gzip: the prices the
 * simulation behind MIN_GROUP_CODE used. Code added to an exact page counts eight times: with four,
 * My account (a tab page) took 4.9 KB brotli more for a file fewer and its LCP rose by 18–76 ms in
 * the trial of bench/RESULTS.md; with eight it takes ~1 KB for the file.
 */
export const LAUNCH_COST: LaunchCost = { file: 25, byte: (5 * 0.25) / 1024, exact: 8 }

/**
 * The chunk of every module that a lazy part runs and the start-up does not: parts are the modules
 * imported dynamically (`lazyParts`), none of the start-up set.
 *
 * With a `family`, the modules that only its parts run go to its chunk (with `heads`, those its
 * heads run; the others to its `others` chunk, which may import the family's chunk, never the
 * reverse: what a module the heads run imports, they run too). The family's chunks import other
 * lazy chunks and no other imports them: a module importing one of their modules is run by only
 * the family's parts too.
 *
 * A module's group is the set of domains that run it; a group with less code than `minCode` goes
 * to the smallest kept group containing it. Kept are the groups of at least `minCode`, every set of
 * all domains together, and the intersections of kept sets (so that the smallest one containing a
 * set is one set; and with `exact` domains, the set of all domains but one of them): that choice
 * grows with the set (a larger set's smallest kept container contains the smaller set's), so a
 * chunk still imports only chunks of larger sets, never one importing it.
 */
export function lazyChunkNames(
  lazyParts: Iterable<string>,
  startUp: ReadonlySet<string>,
  graph: ModuleGraph,
  sourceDir: string,
  options: LazyChunkOptions = {},
): Map<string, string> {
  const needs = lazyNeeds(lazyParts, startUp, graph)
  const names = groupLazyModules(needs, sourceDir, options)
  if (!options.launchCost) return names
  const pages = [...needs].filter(([part]) => /^(pages|packages)\//.test(path.relative(sourceDir, part.split('?')[0]!).replace(/\\/g, '/')))
  const exactPages = new Set(pages.map(([part]) => part).filter((part) => options.exact?.includes(domainOf(part, sourceDir, options.ownDomains))))
  return mergeForLaunch(names, new Map(pages), lazyImports(names, startUp, graph), options.codeSize ?? (() => 0), options.launchCost, {
    fixed: new Set(options.family ? [options.family.name, othersChunk(options.family)] : []),
    exactPages,
    exactWeight: options.launchCost.exact,
  })
}

/**
 * The modules each module with a lazy chunk runs directly (by imported name, as startUpSet follows
 * them; what those run is theirs), and the same for every module so reached that has no lazy chunk
 * and is not in the start-up (the build's own chunks: forms, the rules' messages…): the graph whose
 * chunks a merge must not turn into a cycle. The start-up's chunks import no lazy chunk.
 *
 * Wider than the bundle's imports: a module with the side-effects flag counts as run whenever its
 * importer is, while Rollup's tree-shaking finds most of ours free of top-level effects (for the
 * identity result page it counts 11 lazy chunks where the bundle loads 2). Safe for the cycle check;
 * as the measure of what a page loads it misled the merges (bench/RESULTS.md, 2026-11-29).
 */
function lazyImports(names: ReadonlyMap<string, string>, startUp: ReadonlySet<string>, graph: ModuleGraph): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  const pending = [...names.keys()]
  for (let from = pending.pop(); from !== undefined; from = pending.pop()) {
    if (out.has(from)) continue
    const direct = startUpSet([from], graph, (id) => id !== from)
    direct.delete(from)
    for (const id of direct) if (startUp.has(id)) direct.delete(id)
    out.set(from, direct)
    for (const id of direct) if (!out.has(id)) pending.push(id)
  }
  return out
}

/**
 * Merges lazy chunks while that lowers the cost of launching at the pages (`cost`: a file and a
 * byte of code, summed over the pages), the merge that lowers it most first. A page loads the
 * chunks of the modules it runs and every chunk those import (`imports`: what each module runs
 * directly; a module without a chunk here counts as a chunk of its own): two chunks loaded by the
 * same pages save those pages a file each, and a page that loaded one of them loads the other's
 * code and imports too (`exactWeight` times the price of the code on an `exactPages` page). Never
 * merged: the `fixed` chunks (the forms family's), a merge that adds code to an `exactPages` page
 * when there is no `exactWeight`, or a merge after which chunks would import each other. A merged
 * chunk takes the name of the larger of the two.
 */
export function mergeForLaunch(
  names: ReadonlyMap<string, string>,
  pageNeeds: ReadonlyMap<string, ReadonlySet<string>>,
  imports: ReadonlyMap<string, ReadonlySet<string>>,
  codeSize: (id: string) => number,
  cost: LaunchCost,
  {
    fixed = new Set<string>(),
    exactPages = new Set<string>(),
    exactWeight,
  }: { fixed?: ReadonlySet<string>; exactPages?: ReadonlySet<string>; exactWeight?: number } = {},
): Map<string, string> {
  const chunkOf = new Map(names)
  const size = new Map<string, number>()
  for (const [id, chunk] of chunkOf) size.set(chunk, (size.get(chunk) ?? 0) + codeSize(id))
  const pages = [...pageNeeds]
  /** A merge being weighed: the chunk `from` taken into `into`. */
  type Merge = { into: string; from: string }
  // A module without a chunk here is a node of its own.
  const nodeOf = (id: string, merge?: Merge) => {
    const node = chunkOf.get(id) ?? id
    return node === merge?.from ? merge.into : node
  }
  const sizeOf = (node: string, merge?: Merge) =>
    node === merge?.into ? size.get(merge.into)! + size.get(merge.from)! : (size.get(node) ?? codeSize(node))

  /** The chunk graph with `merge` made, or undefined when chunks would import each other. */
  const chunkGraph = (merge?: Merge) => {
    const out = new Map<string, Set<string>>()
    for (const [from, targets] of imports) {
      const a = nodeOf(from, merge)
      for (const to of targets) {
        const b = nodeOf(to, merge)
        if (a !== b) (out.get(a) ?? out.set(a, new Set()).get(a)!).add(b)
      }
    }
    return cycleIn(out.keys(), (node) => out.get(node) ?? []) ? undefined : out
  }

  /** What a page loads: the nodes of the modules it runs and what they import. */
  const loads = (graph: Map<string, Set<string>>, needs: ReadonlySet<string>, merge?: Merge) => {
    const seen = new Set<string>()
    const pending = [...needs].map((id) => nodeOf(id, merge))
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      if (seen.has(node)) continue
      seen.add(node)
      pending.push(...(graph.get(node) ?? []))
    }
    return seen
  }

  /**
   * The summed cost of the launches with `merge` made; undefined with a cycle, or when it adds code
   * to an exact page without a weight (against `before`, each page's code at the start).
   */
  const total = (merge?: Merge, before?: ReadonlyMap<string, number>) => {
    const graph = chunkGraph(merge)
    if (!graph) return undefined
    let sum = 0
    const code = new Map<string, number>()
    for (const [page, needs] of pages) {
      const nodes = loads(graph, needs, merge)
      let bytes = 0
      for (const node of nodes) bytes += sizeOf(node, merge)
      code.set(page, bytes)
      const exact = exactPages.has(page)
      if (exact && exactWeight === undefined && before && bytes > before.get(page)!) return undefined
      sum += nodes.size * cost.file + bytes * cost.byte * (exact ? (exactWeight ?? 1) : 1)
    }
    return { sum, code }
  }

  const start = total()
  if (!start) return chunkOf
  let current = start.sum
  for (;;) {
    const chunks = [...new Set(chunkOf.values())].filter((chunk) => !fixed.has(chunk)).sort()
    let best: (Merge & { sum: number }) | undefined
    for (const [i, a] of chunks.entries()) {
      for (const b of chunks.slice(i + 1)) {
        const merge = sizeOf(a) >= sizeOf(b) ? { into: a, from: b } : { into: b, from: a }
        const next = total(merge, start.code)
        if (next && next.sum < current - 1e-9 && (!best || next.sum < best.sum)) best = { ...merge, sum: next.sum }
      }
    }
    if (!best) break
    size.set(best.into, sizeOf(best.into, best))
    size.delete(best.from)
    for (const [id, chunk] of chunkOf) if (chunk === best.from) chunkOf.set(id, best.into)
    current = best.sum
  }
  return chunkOf
}

/** The chunk of what only a family's other members run (`others`, `<name>-others` by default). */
const othersChunk = (family: NonNullable<LazyChunkOptions['family']>) => family.others ?? `${family.name}-others`

/** What each lazy part runs that the start-up does not (the part itself included). */
function lazyNeeds(lazyParts: Iterable<string>, startUp: ReadonlySet<string>, graph: ModuleGraph): Map<string, Set<string>> {
  const needs = new Map<string, Set<string>>()
  for (const part of lazyParts) if (!startUp.has(part)) needs.set(part, new Set([...startUpSet([part], graph)].filter((id) => !startUp.has(id))))
  return needs
}

/** lazyChunkNames on the parts' needs (lazyNeeds). */
function groupLazyModules(
  needs: ReadonlyMap<string, ReadonlySet<string>>,
  sourceDir: string,
  { codeSize = () => 0, minCode = 0, family, ownDomains, exact = [] }: LazyChunkOptions = {},
): Map<string, string> {
  const names = new Map<string, string>()
  // The family's parts, and the modules only they run: the family's chunk.
  const members = new Set([...needs].filter(([, ids]) => family && [...ids].some(family.marks)).map(([part]) => part))
  const outside = new Set([...needs].filter(([part]) => !members.has(part)).flatMap(([, ids]) => [...ids]))
  const heads = family?.heads
  const headsRun = new Set([...needs].filter(([part]) => members.has(part) && heads?.includes(domainOf(part, sourceDir, ownDomains))).flatMap(([, ids]) => [...ids]))
  const domains = new Map<string, Set<string>>()
  for (const [part, ids] of needs) {
    const domain = domainOf(part, sourceDir, ownDomains)
    for (const id of ids) {
      if (family && !outside.has(id)) {
        names.set(id, !family.heads || headsRun.has(id) ? family.name : othersChunk(family))
        continue
      }
      const set = domains.get(id) ?? new Set<string>()
      set.add(domain)
      domains.set(id, set)
    }
  }
  const keyOf = (set: Iterable<string>) => [...set].sort().join('\n')
  const code = new Map<string, number>()
  for (const [id, set] of domains) {
    const key = keyOf(set)
    code.set(key, (code.get(key) ?? 0) + codeSize(id))
  }
  const every = new Set([...domains.values()].flatMap((set) => [...set]))
  const kept = new Map<string, Set<string>>([[keyOf(every), every]])
  for (const set of domains.values()) if ((code.get(keyOf(set)) ?? 0) >= minCode) kept.set(keyOf(set), set)
  for (const domain of exact) {
    if (!every.has(domain)) continue
    const others = new Set([...every].filter((d) => d !== domain))
    if (others.size) kept.set(keyOf(others), others)
  }
  for (let grown = true; grown; ) {
    grown = false
    const sets = [...kept.values()]
    for (const [i, a] of sets.entries()) {
      for (const b of sets.slice(i + 1)) {
        const both = new Set([...a].filter((d) => b.has(d)))
        if (both.size && !kept.has(keyOf(both))) {
          kept.set(keyOf(both), both)
          grown = true
        }
      }
    }
  }
  const container = new Map<string, string>()
  const containerOf = (set: Set<string>) => {
    const key = keyOf(set)
    let name = container.get(key)
    if (name === undefined) {
      // Intersections of kept sets are kept: the smallest containing one is the only minimal one.
      let best: Set<string> = every
      for (const candidate of kept.values()) if (candidate.size < best.size && [...set].every((d) => candidate.has(d))) best = candidate
      name = chunkNameOf([...best])
      container.set(key, name)
    }
    return name
  }
  for (const [id, set] of domains) names.set(id, containerOf(set))
  return names
}

/**
 * Fails the build when chunks import each other statically, at any depth: one of them would run
 * before the other has defined its names ("Cannot access … before initialization" at start-up).
 */
export function assertNoChunkCycle(bundle: Record<string, { type: 'chunk'; imports: string[] } | { type: 'asset' }>) {
  const cycle = cycleIn(Object.keys(bundle), (file) => {
    const chunk = bundle[file]
    return chunk?.type === 'chunk' ? chunk.imports : []
  })
  if (cycle) throw new Error(`Chunks import each other: ${cycle.join(' → ')} (apps/portal/config/lazy-chunks.ts)`)
}

/** A cycle of the graph (its nodes from the first, which is repeated at the end), or undefined. */
function cycleIn(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[] | undefined {
  const state = new Map<string, 1 | 2>()
  const path: string[] = []
  const visit = (node: string): string[] | undefined => {
    const at = state.get(node)
    if (at === 2) return undefined
    if (at === 1) return [...path.slice(path.indexOf(node)), node]
    state.set(node, 1)
    path.push(node)
    for (const target of next(node)) {
      const cycle = visit(target)
      if (cycle) return cycle
    }
    path.pop()
    state.set(node, 2)
    return undefined
  }
  for (const node of nodes) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return undefined
}
