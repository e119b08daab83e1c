import type { Locale } from '@ess/contract/wire'

/** The stored client values of SPEC §3, by their storage key. */
export const STORAGE_KEYS = {
  locale: 'locale-lang',
  deviceId: 'uuid',
  token: 'token',
  refreshToken: 'refresh-token',
  oucToken: 'ouc-token',
  outerAppId: 'outer-appid',
  outerClient: 'outer-client',
  grayScheme: 'gray-scheme',
  userAgreedPrivacy: 'user-agreed-privacy',
  publicKey: 'public-key',
  openIds: 'open-id',
  microAssistantToken: 'micro-assistant-token',
  microAssistantKey: 'micro-assistant-key',
  pageLoading: 'page-loading',
  autoJumpAt: 'auto-jump-time',
  /** Ours (display settings): the brand colour and text size the user chose. */
  themeColor: 'theme-color',
  textSize: 'text-size',
  /** Ours: this device's pseudonym per outside app (grantCode's deviceAlias). */
  deviceAliases: 'device-alias',
} as const

export type StorageName = keyof typeof STORAGE_KEYS

/** The public key of `login/getPasswordPubKey` with the time it was fetched (ms). */
export interface CachedPublicKey {
  publicKey: string
  keyId: string
  cachedAt: number
}

/** The type of each stored value. */
export interface StoredValues {
  locale: Locale
  deviceId: string
  token: string
  refreshToken: string
  oucToken: string
  outerAppId: string
  outerClient: string
  grayScheme: string
  userAgreedPrivacy: '1' | '0'
  publicKey: CachedPublicKey
  /** Open id per environment (e.g. `{ "prod": "o-abc…" }`). */
  openIds: Record<string, string>
  microAssistantToken: string
  microAssistantKey: string
  /** Data a page leaves for the loading/transition page. */
  pageLoading: Record<string, unknown>
  /** ms timestamp of the last automatic jump (auto-jump guard, SPEC §4). */
  autoJumpAt: number
  /** '#rrggbb'. */
  themeColor: string
  textSize: TextSize
  /** App id → the pseudonym the gateway made for this device and that app. */
  deviceAliases: Record<string, string>
}

export const TEXT_SIZES = ['small', 'standard', 'large', 'extraLarge'] as const
export type TextSize = (typeof TEXT_SIZES)[number]

type Codec<T> = { encode(value: T): string; decode(raw: string): T | null }

const text: Codec<string> = { encode: (v) => v, decode: (raw) => raw }
const json = <T>(check: (v: unknown) => boolean): Codec<T> => ({
  encode: (v) => JSON.stringify(v),
  decode(raw) {
    try {
      const v: unknown = JSON.parse(raw)
      return check(v) ? (v as T) : null
    } catch {
      return null
    }
  },
})
const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v)

export const CODECS: { [K in StorageName]: Codec<StoredValues[K]> } = {
  locale: { encode: (v) => v, decode: (raw) => (raw === 'zh-CN' || raw === 'en-US' ? raw : null) },
  deviceId: text,
  token: text,
  refreshToken: text,
  oucToken: text,
  outerAppId: text,
  outerClient: text,
  grayScheme: text,
  userAgreedPrivacy: { encode: (v) => v, decode: (raw) => (raw === '1' || raw === '0' ? raw : null) },
  publicKey: json<CachedPublicKey>(
    (v) => isObject(v) && typeof (v as CachedPublicKey).publicKey === 'string' && typeof (v as CachedPublicKey).cachedAt === 'number',
  ),
  openIds: json<Record<string, string>>(isObject),
  microAssistantToken: text,
  microAssistantKey: text,
  pageLoading: json<Record<string, unknown>>(isObject),
  autoJumpAt: {
    encode: (v) => String(v),
    decode: (raw) => (/^\d+$/.test(raw) ? Number(raw) : null),
  },
  themeColor: { encode: (v) => v, decode: (raw) => (/^#[0-9a-f]{6}$/.test(raw) ? raw : null) },
  textSize: { encode: (v) => v, decode: (raw) => ((TEXT_SIZES as readonly string[]).includes(raw) ? (raw as TextSize) : null) },
  deviceAliases: json<Record<string, string>>(isObject),
}
