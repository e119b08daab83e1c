import type { PushSettings } from '@ess/contract/wire'
import { describe, expect, it, vi } from 'vitest'
import { AA_TEXT_CONTRAST, THEME_PRESETS, contrastRatio, displayStore, legibleBrand, loadDisplay, mix, normaliseHex, resetDisplay, setTextSize, setThemeColor, themeFor } from '../src/core/display/theme'
import { clearPageCache } from '../src/core/display/cache'
import { downloadMyData, withdrawConsent } from '../src/core/privacy/api'
import { pushStore, setPush } from '../src/core/push/settings'
import { clientStorage } from '../src/core/storage'
import * as toastModule from '../src/core/toast'
import { BRAND_THEME } from '../src/theme'
import { fail, installTestPlatform, ok } from './helpers'

const ALL_ON: PushSettings = [
  { kind: 'salary', enabled: true },
  { kind: 'examReservation', enabled: true },
  { kind: 'examReport', enabled: true },
  { kind: 'flexibleEmployment', enabled: true },
]

describe('display settings', () => {
  it('take 3 or 6 hex digits (SPEC §5), with or without #, and refuse anything else', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc')
    expect(normaliseHex('0f9d58')).toBe('#0f9d58')
    for (const bad of ['', '#12', '#1234', 'red', '#gggggg', '#1234567']) expect(normaliseHex(bad)).toBeNull()
  })

  it('apply a colour through the NutUI variables and remember it across a reload; a bad value changes nothing', () => {
    installTestPlatform()
    expect(setThemeColor('#7048e8')).toBe(true)
    expect(themeFor(displayStore.getState().color).nutuiColorPrimary).toBe('#7048e8')
    expect(themeFor('#7048e8').nutuiColorPrimaryPressed).toBe(mix('#7048e8', -0.15))
    expect(setThemeColor('#12')).toBe(false)
    expect(displayStore.getState().color).toBe('#7048e8')
    setTextSize('large')
    displayStore.setState({ color: '#000000', textSize: 'standard' })
    loadDisplay()
    expect(displayStore.getState()).toEqual({ color: '#7048e8', textSize: 'large' })
    resetDisplay()
    expect(clientStorage.get('themeColor')).toBeNull()
    expect(themeFor(displayStore.getState().color)).toBe(BRAND_THEME)
  })

  it('a picked colour too light for white text on it is darkened just enough for AA, its hue kept; a dark enough one is used as picked', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#2563eb', '#ffffff')).toBeCloseTo(5.17, 1)
    for (const picked of [...THEME_PRESETS, '#ffff00', '#ffffff', '#00ff00', '#ff8800', '#123456']) {
      const used = String(themeFor(picked).nutuiColorPrimary)
      expect(contrastRatio(used, '#ffffff'), picked).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
      if (contrastRatio(picked, '#ffffff') >= AA_TEXT_CONTRAST) expect(used).toBe(picked)
      // Just enough: 2% less darkening would not do.
      else expect(contrastRatio(mix(picked, -(Math.round((1 - channelsRatio(used, picked)) * 50) - 1) / 50), '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST)
    }
    expect(legibleBrand('#0f9d58')).not.toBe('#0f9d58')
    expect(themeFor('#0f9d58').nutuiColorPrimaryPressed).toBe(mix(legibleBrand('#0f9d58'), -0.15))
  })

  it('clearing the cache forgets the page-loading data only', () => {
    installTestPlatform()
    clientStorage.set('pageLoading', { a: 1 })
    clientStorage.set('token', 't')
    clearPageCache()
    expect(clientStorage.get('pageLoading')).toBeNull()
    expect(clientStorage.get('token')).toBe('t')
  })
})

describe('push settings', () => {
  it('switch at once and keep what the server answers', async () => {
    const { server } = installTestPlatform()
    pushStore.setState({ settings: ALL_ON, saving: null })
    const saved = ALL_ON.map((row) => (row.kind === 'salary' ? { ...row, enabled: false } : row))
    let resolve!: () => void
    server.reply(() => new Promise((r) => (resolve = () => r(ok(saved)))))
    const done = setPush('salary', false)
    expect(pushStore.getState().settings?.[0]).toEqual({ kind: 'salary', enabled: false })
    expect(pushStore.getState().saving).toBe('salary')
    resolve()
    expect(await done).toBe(true)
    expect(JSON.parse(server.requests[0].body!)).toEqual({ kind: 'salary', enabled: false })
    expect(pushStore.getState()).toEqual({ settings: saved, saving: null })
  })

  it('put the switch back and say so when the server refuses', async () => {
    const { server } = installTestPlatform()
    const toast = vi.spyOn(toastModule, 'toast')
    pushStore.setState({ settings: ALL_ON, saving: null })
    server.reply(fail(500, { errorMsg: 'down' }, 500))
    expect(await setPush('examReport', false)).toBe(false)
    expect(pushStore.getState().settings).toEqual(ALL_ON)
    expect(toast).toHaveBeenLastCalledWith('设置失败，已恢复原状态')
  })
})

describe('privacy rights', () => {
  it('download my data: a one-time link fetched at once with signed headers, released after 40 s', async () => {
    const saveFile = vi.fn(async () => undefined)
    const { server, platform } = installTestPlatform()
    platform.system.saveFile = saveFile
    clientStorage.set('token', 'tk')
    server.reply(ok({ url: '/app/user/api/privacy/download?token=abc', format: 'json', expiresIn: 40_000 }))
    expect(await downloadMyData('json')).toBe(true)
    const [req] = saveFile.mock.calls[0] as unknown as [{ url: string; headers: Record<string, string>; fileName: string; releaseMs: number }]
    expect(req.url).toBe('/app/user/api/privacy/download?token=abc')
    expect(req.headers._tk).toBe('tk')
    expect(req.headers._s).toBeTruthy()
    expect(req.fileName).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/)
    expect(req.releaseMs).toBe(40_000)
  })

  it('withdrawing consent forgets the session and the consent and returns to the visitor state', async () => {
    const { server, nav } = installTestPlatform()
    clientStorage.set('token', 'tk')
    server.reply(ok({ ended: 2 }))
    expect(await withdrawConsent()).toBe(true)
    expect(server.requests).toHaveLength(1)
    expect(clientStorage.get('token')).toBeNull()
    expect(clientStorage.get('userAgreedPrivacy')).toBe('0')
    expect(nav.reLaunch).toHaveBeenCalled()
  })
})

describe('version: a newer deploy', () => {
  it('is seen when the served index.html names other start-up scripts', async () => {
    const { isNewerDeploy } = await import('../src/core/version/deploy')
    const served = '<script defer="defer" src="./js/app.1111.js"></script><script src="/js/vendors.2222.js"></script>'
    expect(isNewerDeploy(['./js/app.1111.js', '/js/vendors.2222.js'], served)).toBe(false)
    expect(isNewerDeploy(['./js/app.0000.js', '/js/vendors.2222.js'], served)).toBe(true)
    expect(isNewerDeploy([], served)).toBe(false)
    expect(isNewerDeploy(['./js/app.1111.js'], '<html>maintenance</html>')).toBe(false)
  })
})

/** How far toward black `used` is from `picked` (1 = not at all), read off the brightest channel. */
function channelsRatio(used: string, picked: string): number {
  const max = (hex: string) => Math.max(...[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)))
  return max(picked) ? max(used) / max(picked) : 1
}
