import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * Package sizes of the built mini-program, as WeChat counts them: miniprogram-ci's own code
 * analysis (offline; its private key is never used, nothing is uploaded). WeChat refuses a package
 * above 2 MB; the main package is held to 1 MB (it is what every first open downloads).
 */
const DIST = path.resolve(__dirname, '../../dist/weapp')
const MB = 1024 * 1024
const MAIN_LIMIT = 1 * MB
const SUBPACKAGE_LIMIT = 2 * MB
/** What only the forms need: kept out of the main package (config/sub-package-chunks.ts). */
const FORM_LIBRARIES: Array<[string, RegExp]> = [
  ['zod', /\bZodError\b|_zod\b/],
  ['react-hook-form', /shouldUnregister/],
  ['@hookform/resolvers', /shouldUseNativeValidation/],
]

interface CodeFile {
  path: string
  size: number
  subPackage: string | null
}
interface QualityRule {
  name: string
  success: boolean
  detail?: unknown
}
interface MiniprogramCi {
  Project: new (options: { appid: string; type: string; projectPath: string; privateKey: string; ignores: string[] }) => unknown
  analyseCode(project: unknown): Promise<{ files: CodeFile[] }>
  checkCodeQuality(project: unknown): Promise<QualityRule[]>
}

let files: CodeFile[]
let quality: QualityRule[]
const sizes = new Map<string, number>()

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'app.js'))) throw new Error('dist/weapp is missing: run `npm run test:weapp -w apps/portal` (it builds first)')
  const ci = createRequire(import.meta.url)('miniprogram-ci') as MiniprogramCi
  const project = new ci.Project({ appid: 'touristappid', type: 'miniProgram', projectPath: DIST, privateKey: 'offline: never used', ignores: [] })
  files = (await ci.analyseCode(project)).files
  quality = await ci.checkCodeQuality(project)
  for (const file of files) {
    const pkg = file.subPackage?.replace(/\/$/, '') ?? 'main'
    sizes.set(pkg, (sizes.get(pkg) ?? 0) + file.size)
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(
    ['weapp package sizes (miniprogram-ci analyseCode):', ...[...sizes].map(([pkg, size]) => `  ${pkg.padEnd(22)} ${kb(size).padStart(10)}`)].join('\n'),
  )
})

/**
 * Relative `require`s the build leaves that name no file of the package: the web's dynamic imports
 * of code only a web page runs (a provider's sign-in return, the binding after it: login-panel.tsx,
 * components/third-party), never reached in the mini-program.
 */
const WEB_ONLY_REQUIRES = new Set(['../../core/third-party', '../../../../core/third-party'])

/** Every relative `require("…")` of a built script and the file it names, if the package has one. */
function relativeRequires(): Array<{ from: string; spec: string; found: boolean }> {
  const found: Array<{ from: string; spec: string; found: boolean }> = []
  for (const file of files.filter((f) => f.path.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(DIST, file.path), 'utf8')
    for (const [, spec] of text.matchAll(/\brequire\("(\.{1,2}\/[^"]+)"\)/g)) {
      const target = path.resolve(path.dirname(path.join(DIST, file.path)), spec)
      found.push({ from: file.path, spec, found: [target, `${target}.js`, path.join(target, 'index.js')].some((p) => fs.existsSync(p)) })
    }
  }
  return found
}

describe('mini-program scripts', () => {
  it('require only files of the package (a dynamic import compiled there names a file the build never emits)', () => {
    const all = relativeRequires()
    expect(all.length).toBeGreaterThan(0)
    expect(all.filter((r) => !r.found && !WEB_ONLY_REQUIRES.has(r.spec)).map((r) => `${r.from}: require("${r.spec}")`)).toEqual([])
  })
})

describe('mini-program package sizes (issue 17)', () => {
  it(`the main package is at most ${MAIN_LIMIT / MB} MB, each subpackage at most ${SUBPACKAGE_LIMIT / MB} MB`, () => {
    expect(sizes.get('main')).toBeGreaterThan(0)
    expect(sizes.get('main')).toBeLessThanOrEqual(MAIN_LIMIT)
    const subpackages = [...sizes].filter(([pkg]) => pkg !== 'main')
    expect(subpackages.length).toBeGreaterThan(0)
    for (const [pkg, size] of subpackages) expect(size, pkg).toBeLessThanOrEqual(SUBPACKAGE_LIMIT)
  })

  it("passes WeChat's own package rules (size limit, no main-package file only subpackages use, no unused files)", () => {
    const rule = (name: string) => quality.find((r) => r.name === name)
    for (const name of ['PACKAGE_SIZE_LIMIT', 'CONTAINS_OTHER_PKG_JS', 'CONTAINS_OTHER_PKG_COMPONENTS', 'CONTAINS_UNUSED_CODES']) {
      expect(rule(name), name).toBeDefined()
      expect(rule(name)?.success, `${name}: ${JSON.stringify(rule(name)?.detail)}`).toBe(true)
    }
  })

  it('keeps zod and the form libraries out of the main package, and in the subpackages with forms', () => {
    const mainScripts = files.filter((f) => !f.subPackage && f.path.endsWith('.js'))
    const subScripts = files.filter((f) => f.subPackage && f.path.endsWith('.js'))
    const read = (f: CodeFile) => fs.readFileSync(path.join(DIST, f.path), 'utf8')
    for (const [library, signature] of FORM_LIBRARIES) {
      expect(mainScripts.filter((f) => signature.test(read(f))).map((f) => f.path), library).toEqual([])
      const holders = new Set(subScripts.filter((f) => signature.test(read(f))).map((f) => f.subPackage))
      expect([...holders].sort(), library).toEqual(expect.arrayContaining(['packages/login/', 'packages/safety/']))
    }
  })
})
