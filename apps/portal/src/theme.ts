import type { NutCSSVariables } from '@nutui/nutui-react-taro/dist/es/packages/configprovider/types'

/**
 * The brand: one trustworthy blue, applied through NutUI's CSS variables. The same values are
 * written on `:root` / `page` by styles/_tokens.scss (the mini-program has no `:root`, and the
 * root ConfigProvider's inline variables do not reach its pages); a unit test keeps them equal.
 */
export const BRAND = {
  primary: '#2563eb',
  primaryStop2: '#3b82f6',
  primaryPressed: '#1d4ed8',
  primaryLight: '#eef3fe',
  primaryLightPressed: '#dbe6fd',
  primaryDisabled: '#9db8f5',
} as const

export const BRAND_THEME: Partial<Record<NutCSSVariables, string>> = {
  nutuiColorPrimary: BRAND.primary,
  nutuiColorPrimaryStop1: BRAND.primary,
  nutuiColorPrimaryStop2: BRAND.primaryStop2,
  nutuiColorPrimaryPressed: BRAND.primaryPressed,
  nutuiColorPrimaryLightPressed: BRAND.primaryLightPressed,
  nutuiColorPrimaryDisabledSpecial: BRAND.primaryDisabled,
  nutuiColorPrimaryIcon: BRAND.primary,
}
