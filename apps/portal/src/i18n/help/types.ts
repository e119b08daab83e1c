import type { NoticeKind } from '@ess/contract/wire'

/** Texts of the help center, the customer-service pages and the notices inbox. */
export interface HelpDictionary {
  help: {
    greeting: string
    searchPlaceholder: string
    searchLabel: string
    categories: string
    popular: string
    viewAll: string
    /** `{count}` questions. */
    questionCount: string
    /** `{count}` results for the query. */
    results: string
    noResults: string
    loadFailed: string
    retry: string
    missing: string
    wasHelpful: string
    helpful: string
    notHelpful: string
    thanks: string
    related: string
    notSolved: string
    contactService: string
  }
  service: {
    hotline: string
    hours: string
    call: string
    phone: string
    regionEmail: string
    email: string
    copy: string
    copied: string
    ways: string
    assistant: string
    assistantHint: string
    helpCenter: string
    helpCenterHint: string
    regions: string
    regionsHint: string
    notices: string
    noticesHint: string
    regionsIntro: string
    covers: string
    address: string
    loadFailed: string
  }
  notices: {
    entry: string
    readAll: string
    allRead: string
    /** The button of a notice that leads somewhere (a portal page or the older pages). */
    openTarget: string
    empty: string
    loginFirst: string
    loadFailed: string
    unread: string
    kinds: Record<NoticeKind, string>
    /** `{count}` unread notices, for the badge's accessible name. */
    unreadCount: string
    /** The mini-program's bar offering WeChat subscribe messages for the kinds switched on (issue 35). */
    wechat: {
      title: string
      intro: string
      /** `{count}`: messages the employee's accepts still allow, all kinds together. */
      remaining: string
      ask: string
      on: string
      declined: string
      failed: string
    }
  }
}
