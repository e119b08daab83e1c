/**
 * Which Chromium the browser tests (e2e/) and the benchmarks (bench/) drive: the one place that
 * decides it.
 *
 * 1. `CHROMIUM_PATH=<file>`: that browser (Chromium or Chrome); a path that does not exist is an
 *    error, not a silent fallback.
 * 2. `CHROMIUM_PATH` unset: Debian's Chromium at /usr/bin/chromium where it is installed (CI has
 *    it, and it has the system's fonts);
 * 3. otherwise, or with `CHROMIUM_PATH=npm`: the headless Chromium that `npm install` brought with
 *    the package @sparticuz/chromium (compressed inside the package, x64 Linux only; nothing is
 *    downloaded). It is unpacked once per version into node_modules/.cache/ess-chromium/.
 *
 * Tests read text from the DOM, not pixels, so the npm build's lack of CJK fonts does not matter
 * to them; the README's screenshots are taken in a system browser with fonts.
 *
 * Synchronous on purpose: Playwright's config file (CommonJS) reads it at load time.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'

/** Where Debian's package installs Chromium. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/** The value of CHROMIUM_PATH that asks for the npm-shipped Chromium even where a system one exists. */
export const NPM_CHROMIUM = 'npm'

/** Flags for a headless run in a container or as root (GUIDE §2), the same for both builds. */
export const LAUNCH_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export type Choice = { source: 'system'; executablePath: string } | { source: 'npm' }

/** The decision alone (no unpacking): from CHROMIUM_PATH and whether the system browser is there. */
export function chooseChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): Choice {
  const wanted = env.CHROMIUM_PATH?.trim()
  if (wanted === NPM_CHROMIUM) return { source: 'npm' }
  if (wanted) {
    if (!exists(wanted)) {
      throw new Error(
        `CHROMIUM_PATH=${wanted}: no such file. Point it at a Chromium or Chrome executable, ` +
          `set it to "${NPM_CHROMIUM}" for the Chromium installed with npm, or unset it.`,
      )
    }
    return { source: 'system', executablePath: wanted }
  }
  return exists(SYSTEM_CHROMIUM) ? { source: 'system', executablePath: SYSTEM_CHROMIUM } : { source: 'npm' }
}

/** What Playwright's `chromium.launch()` needs, and a sentence saying which browser it is. */
export interface Chromium {
  source: Choice['source']
  executablePath: string
  args: string[]
  /** The browser's environment when it needs libraries of its own (LD_LIBRARY_PATH); else the process's. */
  env?: Record<string, string>
  description: string
}

/** The browser to launch, unpacking the npm-shipped one first if it is the one chosen. */
export function resolveChromium(env: Record<string, string | undefined> = process.env): Chromium {
  const choice = chooseChromium(env)
  if (choice.source === 'system') {
    return {
      source: 'system',
      executablePath: choice.executablePath,
      args: [...LAUNCH_ARGS],
      description: `Chromium at ${choice.executablePath}`,
    }
  }
  return npmChromium()
}

/** Shared object files `ldd` reports as missing ("libnss3.so => not found"). */
export function missingLibraries(lddOutput: string): string[] {
  return [...lddOutput.matchAll(/^\s*(\S+)\s*=>\s*not found/gm)].map((m) => m[1])
}

function npmChromium(): Chromium {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `No Chromium at ${SYSTEM_CHROMIUM}, and the one installed with npm (@sparticuz/chromium) runs on x64 Linux ` +
        `only (this is ${process.platform}/${process.arch}): set CHROMIUM_PATH to a Chromium or Chrome executable.`,
    )
  }
  const pkgDir = join(dirname(require.resolve('@sparticuz/chromium')), '..')
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }
  // <node_modules>/@sparticuz/chromium → <node_modules>/.cache/ess-chromium/<version>
  const cacheDir = join(pkgDir, '..', '..', '.cache', 'ess-chromium', version)
  const executablePath = join(cacheDir, 'chromium')
  if (!existsSync(executablePath)) {
    mkdirSync(cacheDir, { recursive: true })
    // Written aside and renamed, so a concurrent reader never sees half a binary.
    const partial = `${executablePath}.${process.pid}.partial`
    writeFileSync(partial, brotliDecompressSync(readFileSync(join(pkgDir, 'bin', 'chromium.br'))))
    chmodSync(partial, 0o755)
    renameSync(partial, executablePath)
  }
  const chromium: Chromium = {
    source: 'npm',
    executablePath,
    args: [...LAUNCH_ARGS],
    description: `Chromium ${version} from the npm package @sparticuz/chromium (${relative(process.cwd(), executablePath)})`,
  }
  // The package also carries the few libraries (NSS, NSPR, expat) a minimal Linux may lack; they
  // are used only when the system's are missing.
  const missing = lddMissing(executablePath)
  if (missing.length === 0) return chromium
  const libDir = join(cacheDir, 'al2023', 'lib')
  if (!existsSync(libDir)) {
    const partial = join(cacheDir, `al2023.${process.pid}.partial`)
    mkdirSync(partial, { recursive: true })
    execFileSync('tar', ['-x', '-C', partial], { input: brotliDecompressSync(readFileSync(join(pkgDir, 'bin', 'al2023.tar.br'))) })
    try {
      renameSync(partial, join(cacheDir, 'al2023'))
    } catch {
      rmSync(partial, { recursive: true, force: true }) // another process got there first
    }
  }
  const ldLibraryPath = [libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':')
  const stillMissing = lddMissing(executablePath, ldLibraryPath)
  if (stillMissing.length > 0) {
    throw new Error(
      `The Chromium installed with npm needs libraries this system lacks: ${stillMissing.join(', ')}. ` +
        `Install them (or Debian's chromium), or set CHROMIUM_PATH to a browser.`,
    )
  }
  return {
    ...chromium,
    env: { ...(process.env as Record<string, string>), LD_LIBRARY_PATH: ldLibraryPath },
    description: `${chromium.description}, with its own ${missing.join(', ')}`,
  }
}

function lddMissing(executable: string, ldLibraryPath?: string): string[] {
  try {
    const env = ldLibraryPath === undefined ? process.env : { ...process.env, LD_LIBRARY_PATH: ldLibraryPath }
    return missingLibraries(execFileSync('ldd', [executable], { encoding: 'utf8', env }))
  } catch {
    return [] // no ldd (not glibc): let the launch say what is wrong
  }
}
