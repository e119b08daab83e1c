import type { RoutePath } from '@ess/contract/wire'
import type { BaseLang } from '@nutui/nutui-react-taro/dist/es/locales/base'

/**
 * The base dictionary. zh-CN and en-US are objects of this type, so a missing key, or a route of
 * the contract without a title, fails the type check.
 * `{links}`-style placeholders are filled by `fill()` (or split around when a link is rendered).
 */
export interface Dictionary {
  app: {
    name: string
  }
  tabs: {
    home: string
    service: string
    userCenter: string
  }
  /** The navigation-bar title of every route (contract RoutePath). */
  titles: Record<RoutePath, string>
  common: {
    loading: string
    confirm: string
    cancel: string
    ok: string
    back: string
    home: string
    /** A China time on a device elsewhere (core/display/time.ts); `{time}` is the time. */
    chinaTime: string
    /** The title of an embedded web page's frame (packages/webview on the web); `{host}` is its site (the app's name for the gateway's own pages). */
    embeddedPage: string
  }
  frame: {
    preparingTitle: string
    preparingText: string
  }
  /** Home, services, news, web pages and inner jumps (CMS). */
  cms: {
    more: string
    loadFailed: string
    retry: string
    empty: string
    source: string
    jumping: string
    jumpFailed: string
    backHome: string
    badAddressTitle: string
    badAddressText: string
    guideIntro: string
    /** The accessible name of the banner carousel. */
    banner: string
    /** The accessible name of the notice ticker. */
    notices: string
    /** A news or guide page whose article is missing (no id, or withdrawn). */
    articleMissing: string
  }
  agreements: {
    updateTitle: string
    agree: string
    exit: string
    /** Sentence around the agreement links; `{links}` marks where they go. */
    updatedNote: string
    /** Joins the last two agreement names. */
    and: string
    /** Separates the other agreement names. */
    separator: string
    /** Wraps one agreement name, `{name}` marks the name (《》 in Chinese). */
    nameFormat: string
    loadFailed: string
    signed: string
  }
  errors: {
    servicePhoneLabel: string
    call: string
  }
  consent: {
    /** Toast when a call is refused before the privacy consent. */
    required: string
    title: string
    /** `{links}` marks where the agreement links go. */
    intro: string
    detail: string
    agree: string
    disagree: string
  }
  /** What the start-up itself may say about the session (core/auth/session.ts, quick-login.ts). */
  session: {
    loggedOut: string
    quickLoginOk: string
    quickLoginFailed: string
  }
}

/** A language's texts: the app's dictionary and the UI kit's (NutUI's ConfigProvider locale). */
export interface LocalePack {
  dictionary: Dictionary
  nutui: BaseLang
}

/**
 * A translated sentence around something rendered in it (a link, the agreement links): the
 * dictionaries keep the whole sentence with a slot, e.g. "No account yet? {link}" or
 * "I have read and agree to the {links}", so that the spaces and punctuation around the slot are
 * each language's own, not glued on by code (issue 38: "agree to theAccount…").
 * Answers the text before and after the slot; a sentence without the slot is all "before".
 * Here beside `fill` (not in core/): the first-launch consent panel uses it, and what the panel
 * loads must be in the start-up chunks (config/start-up-set.ts), where this module already is.
 */
export function splitSentence(template: string, slot: string): [before: string, after: string] {
  const at = template.indexOf(slot)
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + slot.length)]
}

/** Replaces `{key}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m))
}
