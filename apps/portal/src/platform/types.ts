import type { HttpMethod, LaunchData, Locale, RoutePath } from '@ess/contract/wire'

/**
 * What the rest of the app may ask of the platform it runs on (STYLE §4: platform differences
 * live here, never as `if (TARO_ENV…)` in screens or core). `index.ts` is the H5 build (plain web
 * or the native app's webview), `index.weapp.ts` the mini-program build.
 */

/** Synchronous key/value storage of strings (localStorage on H5, the mini-program storage on weapp). */
export interface StorageAdapter {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

export interface TransportRequest {
  /** Absolute URL, or a path on the same origin (H5). */
  url: string
  method: HttpMethod
  headers: Record<string, string>
  /** The exact body string sent (POST/PUT); undefined for GET/DELETE. */
  body?: string
  timeoutMs: number
}

export interface UploadFile {
  /** Form field name of the file. */
  name: string
  /** H5: a Blob/File. */
  blob?: Blob
  /** Mini-program: a local temp file path. */
  filePath?: string
  fileName?: string
}

export interface TransportUploadRequest extends Omit<TransportRequest, 'body' | 'method'> {
  file: UploadFile
  formData?: Record<string, string>
}

export interface TransportResponse {
  status: number
  /** Parsed JSON when the body is JSON, the text otherwise. */
  data: unknown
}

export type TransportFailureKind = 'timeout' | 'network'

/** A request that got no HTTP answer (offline, DNS, CORS, aborted after the timeout). */
export class TransportError extends Error {
  readonly kind: TransportFailureKind
  constructor(kind: TransportFailureKind, message?: string) {
    super(message ?? kind)
    this.name = 'TransportError'
    this.kind = kind
  }
}

export interface Transport {
  /** Sends with credentials (H5 `credentials: 'include'`; weapp sends the session cookie by hand). */
  request(req: TransportRequest): Promise<TransportResponse>
  /** multipart/form-data upload. */
  upload(req: TransportUploadRequest): Promise<TransportResponse>
}

export interface NavigationAdapter {
  switchTab(url: string): Promise<void>
  navigateTo(url: string): Promise<void>
  redirectTo(url: string): Promise<void>
  reLaunch(url: string): Promise<void>
  navigateBack(delta?: number): Promise<void>
  /** Number of pages in the current page stack. */
  stackDepth(): number
  /** Route of the page on top of the stack, without leading slash or query ('' when unknown). */
  currentRoute(): string
  /** Routes of the page stack, bottom first, without leading slash or query. */
  stackRoutes(): string[]
}

export interface CryptoAdapter {
  /** RSA-OAEP with SHA-256 (and MGF1-SHA-256) of the UTF-8 bytes of `plaintext`; base64 ciphertext. */
  encryptOaepSha256(publicKeyPem: string, plaintext: string): Promise<string>
  /** Cryptographically strong random bytes where the platform has them. */
  randomBytes(size: number): Uint8Array
}

export interface NavBarMetrics {
  /** Height of the status bar above the navigation bar, in px (0 on the web: CSS safe-area handles it). */
  statusBarHeight: number
  /** Height of the navigation bar itself, in px. */
  navBarHeight: number
  /** Space to keep free on the right (the mini-program's capsule button), in px. */
  rightInset: number
}

export interface SystemAdapter {
  /** Value of the `_c` header without an outer client: 'h5', 'weapp', 'ios' or 'android'. */
  clientType(): string
  navBarMetrics(): NavBarMetrics
  /** Applies the language to the host document (H5 `<html lang>`); no-op elsewhere. */
  setDocumentLocale(locale: Locale): void
  /** Lets the user pick one picture (album or camera) for an upload; null when they cancel. */
  chooseImage(): Promise<UploadFile | null>
  /** Opens the dialler. */
  makePhoneCall(phone: string): void
  /** A fresh login code of the WeChat client (`wx.login`) in the mini-program; null elsewhere or when it fails. */
  wechatLoginCode(): Promise<string | null>
  /**
   * WeChat's `wx.requestSubscribeMessage` for these template ids: each id's choice ('accept',
   * 'reject', 'ban', 'filter'), or null when WeChat failed; null as a whole where there is none (H5, the app).
   * Opens its dialog synchronously: WeChat takes it only from a tap.
   */
  requestSubscribeMessage: ((templateIds: string[]) => Promise<Record<string, string> | null>) | null
  /** The query the app was opened with (H5: the page's search and hash query; mini-program: the launch query). */
  launchQuery(): Record<string, string>
  /**
   * The route the app was opened at, without a leading slash or query (`pages/home/index`), or ''
   * when it names none (H5 opened at `/`: the first page, home).
   */
  launchRoute(): string
  /** What the host page carried for the launch (H5: the gateway's LaunchData block); null where nothing is carried. */
  launchData(): LaunchData | null
  /** Leaves the app for an absolute URL (H5 only); false where that is impossible (mini-program). */
  leaveTo(url: string): boolean
  /**
   * Fetches a file with the given (signed) headers and hands it to the user: H5 saves it through a
   * temporary object URL released after `releaseMs` (SPEC §9); the mini-program opens it.
   * Rejects with the HTTP status on a refusal.
   */
  saveFile(req: { url: string; headers: Record<string, string>; fileName: string; timeoutMs: number; releaseMs: number }): Promise<void>
  /**
   * Opens another mini-program (`wx.navigateToMiniProgram`) at `path` (may carry a query); resolves
   * false when WeChat did not open it (the user cancelled). Null where there are none (H5, the native app).
   */
  openMiniProgram: ((target: { appId: string; path: string }) => Promise<boolean>) | null
}

/**
 * The host's own privacy authorization, joined with the portal's consent (SPEC §4): WeChat's
 * privacy API in the mini-program (`wx.getPrivacySetting`, `wx.onNeedPrivacyAuthorization`, the
 * `agreePrivacyAuthorization` button); null where the host has none (H5, the native app, a WeChat
 * base library older than 2.32.3).
 */
export interface HostPrivacy {
  /** Whether the host still needs the user's authorization of the privacy guideline (getPrivacySetting). */
  needsAuthorization(): Promise<boolean>
  /**
   * Calls `listener` when a privacy API or component of the host was used before the authorization
   * (onNeedPrivacyAuthorization): that call waits for agreed() or declined().
   */
  onNeeded(listener: (referrer: string) => void): void
  /** The consent panel is on screen (told to the host: resolve({event:'exposureAuthorization'})). */
  exposed(): void
  /**
   * The user tapped the agree button `buttonId` (open-type agreePrivacyAuthorization): waiting
   * calls go on. Answers whether a call was waiting.
   */
  agreed(buttonId: string): boolean
  /** The user declined: waiting calls fail (WeChat: "privacy permission is not authorized"). */
  declined(): void
}

/** The native app's JS bridge (SPEC §1). */
export interface NativeBridge {
  jumpHome(): void
  jumpUserCenter(): void
  customerService(): void
  login(params: { type: 'phone' }): void
  webview(params: { needLogin: boolean; url: string }): void
  makePhoneCall(params: { phone: string }): void
  idVerifySuccess(): void
}

export type PlatformKind = 'h5' | 'app' | 'weapp'

export interface Platform {
  kind: PlatformKind
  storage: StorageAdapter
  /** Per-session storage (H5 sessionStorage); the mini-program keeps it in memory. */
  session: StorageAdapter
  transport: Transport
  nav: NavigationAdapter
  crypto: CryptoAdapter
  system: SystemAdapter
  /** Present inside the native app's webview only. */
  bridge: NativeBridge | null
  /** Route of the login page on this platform. */
  loginRoute: RoutePath
  /** Delay before navigating to the login page after a 401 (SPEC §2: 500 ms on the web). */
  loginDelayMs: number
  /**
   * Where the re-sign prompt of code 430 shows (SPEC §4): the mini-program refreshes the agreement
   * list, switches to the My account tab and flags the popup there; the web asks on the page.
   */
  reSignOnMyAccount: boolean
  /** The host's privacy authorization joined with the portal's consent (mini-program); null elsewhere. */
  privacy: HostPrivacy | null
  /** Origin of the gateway ('' = same origin). */
  apiBase: string
  /** Installs platform-wide behaviours at start (H5: hash flag, debug console). */
  start(): void
}
