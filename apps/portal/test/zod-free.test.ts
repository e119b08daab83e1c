import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(__dirname, '../src')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe('zod stays out of the start-up (config/index.ts puts it in the lazy forms chunk)', () => {
  it('only the form modules import the full contract or zod; the rest imports @ess/contract/wire', () => {
    const importers = sources(SRC)
      // Type-only imports are erased: core/forms/lazy.ts names zod's types, and loads the schemas later.
      .filter((file) => /from '(@ess\/contract|zod)'/.test(fs.readFileSync(file, 'utf8').replace(/import type [^;]*?from '[^']*'/g, '')))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .sort()
    expect(importers).toEqual(['core/auth/forms.ts', 'core/real-name/forms.ts', 'core/security/forms.ts', 'core/zod-config.ts'])
  })

  it('every form screen names its schemas only through core/forms/lazy.ts (it paints before zod arrives)', () => {
    // The screens whose forms validate: everything under src that calls react-hook-form's useForm.
    const screens = sources(SRC)
      .filter((file) => /\buseForm</.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
    expect(screens).toEqual(expect.arrayContaining(['components/auth-form/login-panel.tsx', 'packages/login/register/index.tsx', 'packages/safety/updatePasswd.tsx']))
    for (const file of screens) {
      const code = fs.readFileSync(path.join(SRC, file), 'utf8').replace(/import type [^;]*?from '[^']*'/g, '')
      expect(code, file).not.toMatch(/core\/(auth|security|real-name)\/forms'|@hookform\/resolvers/)
      expect(code, file).toMatch(/schemaResolver\('/)
    }
  })

  it("zod's configuration (core/zod-config.ts) is imported by the form modules only, first", () => {
    const importers = sources(SRC)
      .filter((file) => /import '\.\.\/zod-config'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .sort()
    expect(importers).toEqual(['core/auth/forms.ts', 'core/real-name/forms.ts', 'core/security/forms.ts'])
    for (const file of importers) expect(fs.readFileSync(path.join(SRC, file), 'utf8').startsWith("import '../zod-config'"), file).toBe(true)
  })
})
