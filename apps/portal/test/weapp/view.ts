import { createRequire } from 'node:module'
import type { PageInstance } from './harness'

/**
 * The view layer: a page's WXML, compiled by WeChat's own `wcc` (shipped in miniprogram-compiler,
 * a dependency of miniprogram-simulate) with Taro's recursive base.wxml and utils.wxs, drawn by
 * j-component into the jsdom of the test from the data the page sent with setData. The logic runs
 * in the harness; only the data crosses, as between WeChat's two threads. Needs a jsdom environment.
 * Not drawn: `comp` (Taro's template for trees deeper than 15 levels) and native components' looks.
 */
const nodeRequire = createRequire(import.meta.url)
const compiled = new Map<string, (wxmlPath: string) => unknown>()

interface Simulate {
  load(definition: { template: unknown; data: Record<string, unknown> }): string
  render(id: string): { attach(parent: Element): void; setData(data: Record<string, unknown>): void; dom: HTMLElement }
}

export function drawPage(dir: string, page: PageInstance): HTMLElement {
  const compiler = nodeRequire('miniprogram-compiler') as { wxmlToJs(root: string): string }
  const simulate = nodeRequire('miniprogram-simulate') as Simulate
  ;(window as unknown as { __webview_engine_version__: number }).__webview_engine_version__ = 0.02 // what wcc's output reads
  let gwx = compiled.get(dir)
  if (!gwx) {
    gwx = new Function(compiler.wxmlToJs(dir))() as (wxmlPath: string) => unknown
    compiled.set(dir, gwx)
  }
  const view = simulate.render(simulate.load({ template: gwx(`${page.route}.wxml`), data: { root: { cn: [] } } }))
  view.attach(document.createElement('parent-wrapper'))
  view.setData({ root: page.data.root })
  return view.dom
}
