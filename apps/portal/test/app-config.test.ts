import fs from 'node:fs'
import path from 'node:path'
import { EXTRA_ROUTES, HOME_ROUTE, MAIN_PAGES, PULL_DOWN_REFRESH_ROUTES, ROUTES, SUBPACKAGES, TAB_ROUTES } from '@ess/contract/wire'
import { beforeAll, describe, expect, it } from 'vitest'
import { ROUTES as SCRIPT_ROUTES } from '../scripts/routes.mjs'

type AppConfig = {
  pages: string[]
  subPackages: Array<{ root: string; pages: string[] }>
  window: Record<string, unknown>
  tabBar: { list: Array<{ pagePath: string; text: string; iconPath: string; selectedIconPath: string }> }
}

const SRC = path.resolve(__dirname, '../src')
let config: AppConfig

beforeAll(async () => {
  const g = globalThis as Record<string, unknown>
  g.defineAppConfig = (c: unknown) => c
  g.definePageConfig = (c: unknown) => c
  config = (await import('../src/app.config')).default as unknown as AppConfig
})

async function pageConfig(route: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ path.join(SRC, `${route}.config.ts`))).default
}

describe('app.config.ts matches the contract routes (SPEC §2)', () => {
  it('declares the 51 routes: main package then subpackages, home first', () => {
    const declared = [...config.pages, ...config.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    expect(ROUTES).toHaveLength(51 + EXTRA_ROUTES.length)
    expect(new Set(declared)).toEqual(new Set(ROUTES))
    expect(declared).toHaveLength(ROUTES.length)
    expect(config.pages[0]).toBe(HOME_ROUTE)
    expect(new Set(config.pages)).toEqual(new Set(MAIN_PAGES))
    expect(config.subPackages.map((s) => s.root)).toEqual(Object.keys(SUBPACKAGES))
    expect(config.subPackages.map((s) => s.root)).toEqual([
      'packages/safety', 'packages/users', 'packages/auth', 'packages/user-center',
      'packages/login', 'packages/webview', 'packages/news', 'packages/error',
    ])
  })

  it('has the three tabs with normal and selected PNG icons', () => {
    expect(config.tabBar.list.map((t) => t.pagePath)).toEqual([...TAB_ROUTES])
    expect(config.tabBar.list.map((t) => t.text)).toEqual(['首页', '服务', '我的'])
    for (const tab of config.tabBar.list) {
      for (const icon of [tab.iconPath, tab.selectedIconPath]) {
        const file = path.join(SRC, icon)
        expect(icon).toMatch(/\.png$/)
        expect(fs.existsSync(file), icon).toBe(true)
        expect(fs.statSync(file).size).toBeLessThan(40 * 1024) // the mini-program limit is 40 KB
      }
    }
  })

  it('uses the custom navigation bar everywhere', () => {
    expect(config.window.navigationStyle).toBe('custom')
  })

  it('has a page file and a page config for every route, each page naming its own route', async () => {
    for (const route of ROUTES) {
      const file = path.join(SRC, `${route}.tsx`)
      expect(fs.existsSync(file), `${route}.tsx`).toBe(true)
      expect(fs.readFileSync(file, 'utf8'), route).toContain(`route="${route}"`)
      const cfg = await pageConfig(route)
      expect(cfg.navigationStyle, route).toBe('custom')
      expect(Boolean(cfg.enablePullDownRefresh), route).toBe(PULL_DOWN_REFRESH_ROUTES.includes(route))
    }
  })

  it('the browser scripts use the same route list', () => {
    expect(SCRIPT_ROUTES).toEqual([...ROUTES])
  })
})
