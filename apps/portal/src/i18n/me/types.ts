import type { InnerJumpDestination, PrivacyPeriod, PushKind } from '@ess/contract/wire'

/** Texts of the personal center's settings, push settings, privacy rights and display settings. */
export interface MeTexts {
  settings: {
    general: string
    pushSet: string
    privacy: string
    language: string
    display: string
    clearCache: string
    clearCacheConfirm: string
    cacheCleared: string
    about: string
    logout: string
    logoutConfirm: string
  }
  push: {
    intro: string
    kinds: Record<PushKind, { title: string; hint: string }>
    on: string
    off: string
    failed: string
    securityNote: string
  }
  privacy: {
    summaryIntro: string
    periods: Record<PrivacyPeriod, string>
    /** `{count}` is replaced. */
    times: string
    notCollected: string
    /** `{time}` is replaced. */
    lastAt: string
    collectedList: string
    thirdPartyList: string
    thirdPartyIntro: string
    recipient: string
    purpose: string
    data: string
    method: string
    inactive: string
    recordsEmpty: string
    scene: string
    value: string
    purposeLabel: string
    loginFirst: string
    myData: string
    myDataIntro: string
    downloadJson: string
    downloadPdf: string
    downloading: string
    downloaded: string
    downloadFailed: string
    withdraw: string
    withdrawHint: string
    withdrawConfirm: string
    withdrawn: string
  }
  /** The pages a jump passes through (pages/jump/transition, pages/template/middlePage). */
  jump: {
    /** `{name}` is the destination. */
    going: string
    names: Record<InnerJumpDestination, string>
    unknown: string
    guarded: string
    failed: string
    retry: string
    back: string
  }
  version: {
    version: string
    build: string
    platform: string
    platforms: { h5: string; app: string; weapp: string }
    agreements: string
    newDeploy: string
    reload: string
    slogan: string
  }
  display: {
    themeColor: string
    presets: string
    custom: string
    customPlaceholder: string
    apply: string
    applied: string
    textSize: string
    sizes: { small: string; standard: string; large: string; extraLarge: string }
    preview: string
    previewText: string
    reset: string
  }
}
