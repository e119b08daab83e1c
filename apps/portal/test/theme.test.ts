import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BRAND, BRAND_THEME } from '../src/theme'

const tokens = fs.readFileSync(path.resolve(__dirname, '../src/styles/_tokens.scss'), 'utf8')
const scssVar = (name: string) => tokens.match(new RegExp(`^\\$${name}:\\s*(#[0-9a-fA-F]{3,8});`, 'm'))?.[1]?.toLowerCase()

describe('brand theme', () => {
  it('is the same in the ConfigProvider theme and in the stylesheet variables', () => {
    expect(scssVar('brand')).toBe(BRAND.primary)
    expect(scssVar('brand-stop-2')).toBe(BRAND.primaryStop2)
    expect(scssVar('brand-pressed')).toBe(BRAND.primaryPressed)
    expect(scssVar('brand-light')).toBe(BRAND.primaryLight)
    expect(scssVar('brand-light-pressed')).toBe(BRAND.primaryLightPressed)
    expect(scssVar('brand-disabled')).toBe(BRAND.primaryDisabled)
    expect(BRAND_THEME.nutuiColorPrimary).toBe(BRAND.primary)
  })
})
