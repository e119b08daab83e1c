import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { SYSTEM_CHROMIUM, chooseChromium, missingLibraries, resolveChromium } from './index'

const only = (...paths: string[]) => (path: string) => paths.includes(path)

describe('chooseChromium', () => {
  it("takes Debian's Chromium when CHROMIUM_PATH is unset and it is installed", () => {
    expect(chooseChromium({}, only(SYSTEM_CHROMIUM))).toEqual({ source: 'system', executablePath: SYSTEM_CHROMIUM })
  })

  it('falls back to the npm-shipped Chromium when no system one is installed', () => {
    expect(chooseChromium({}, only())).toEqual({ source: 'npm' })
    expect(chooseChromium({ CHROMIUM_PATH: '  ' }, only())).toEqual({ source: 'npm' })
  })

  it('takes the browser CHROMIUM_PATH names, before the system one', () => {
    const chrome = '/opt/google/chrome/chrome'
    expect(chooseChromium({ CHROMIUM_PATH: chrome }, only(chrome, SYSTEM_CHROMIUM))).toEqual({ source: 'system', executablePath: chrome })
  })

  it('takes the npm-shipped Chromium with CHROMIUM_PATH=npm even where a system one is installed', () => {
    expect(chooseChromium({ CHROMIUM_PATH: 'npm' }, only(SYSTEM_CHROMIUM))).toEqual({ source: 'npm' })
  })

  it('refuses a CHROMIUM_PATH that does not exist instead of silently using another browser', () => {
    expect(() => chooseChromium({ CHROMIUM_PATH: '/nowhere/chromium' }, only(SYSTEM_CHROMIUM))).toThrow(
      /CHROMIUM_PATH=\/nowhere\/chromium: no such file/,
    )
  })
})

describe('missingLibraries', () => {
  it('lists what ldd could not find', () => {
    const ldd = [
      '\tlinux-vdso.so.1 (0x00007ffd5a1f2000)',
      '\tlibnss3.so => not found',
      '\tlibdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007f0c1c2d4000)',
      '\tlibnspr4.so => not found',
    ].join('\n')
    expect(missingLibraries(ldd)).toEqual(['libnss3.so', 'libnspr4.so'])
    expect(missingLibraries('\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x1)\n')).toEqual([])
  })
})

describe('resolveChromium', () => {
  it('gives a named system browser the launch flags of GUIDE §2', () => {
    const chromium = resolveChromium({ CHROMIUM_PATH: process.execPath })
    expect(chromium).toMatchObject({ source: 'system', executablePath: process.execPath, description: `Chromium at ${process.execPath}` })
    expect(chromium.args).toContain('--no-sandbox')
    expect(chromium.env).toBeUndefined()
  })

  it('unpacks the npm-shipped Chromium once, and it runs', () => {
    const chromium = resolveChromium({ CHROMIUM_PATH: 'npm' })
    expect(chromium.source).toBe('npm')
    expect(chromium.executablePath).toMatch(/node_modules\/\.cache\/ess-chromium\/\d+\.\d+\.\d+\/chromium$/)
    expect(execFileSync(chromium.executablePath, ['--version'], { encoding: 'utf8', env: chromium.env })).toMatch(/^Chromium \d+\./)
    // The second call finds it unpacked.
    expect(resolveChromium({ CHROMIUM_PATH: 'npm' }).executablePath).toBe(chromium.executablePath)
  }, 60_000)
})
