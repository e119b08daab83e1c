import type { ConsoleRole } from '@ess/contract/console/access'

/** The texts of each domain: every language is one object of its domain's type (a missing key fails the type check). */

export interface CommonTexts {
  appName: string
  language: string
  languageNames: { 'zh-CN': string; 'en-US': string }
  roles: Record<ConsoleRole, string>
  menu: { home: string; audit: string; security: string }
  operatorMenu: { security: string; signOut: string; roles: string }
  errors: { network: string; unknown: string; secureContext: string }
  actions: { cancel: string; confirm: string; copy: string; copied: string; download: string; search: string; reset: string; retry: string }
  notFound: { title: string; back: string }
  refine: Record<string, string>
}

export interface AuthTexts {
  signIn: {
    title: string
    subtitle: string
    email: string
    emailPlaceholder: string
    password: string
    passwordPlaceholder: string
    next: string
    secondFactorTitle: string
    secondFactorHint: string
    totp: string
    totpHint: string
    recovery: string
    recoveryHint: string
    recoveryPlaceholder: string
    passkey: string
    passkeyHint: string
    passkeyButton: string
    submit: string
    back: string
    required: string
    emailInvalid: string
    codeInvalid: string
    devHint: string
  }
  enroll: {
    title: string
    subtitle: string
    loading: string
    stepPassword: string
    stepAuthenticator: string
    stepCodes: string
    email: string
    password: string
    confirmPassword: string
    rulesTitle: string
    mismatch: string
    next: string
    scan: string
    secret: string
    code: string
    finish: string
    codesTitle: string
    codesHint: string
    codesSaved: string
    goSignIn: string
  }
  stepUp: {
    title: string
    hint: string
    code: string
    passkey: string
    verify: string
    done: string
  }
}

export interface HomeTexts {
  welcome: string
  signedInAs: string
  rolesTitle: string
  holdsTitle: string
  holds: { title: string; text: string; roles: ConsoleRole[] }[]
  comingTitle: string
  coming: string
  sessionEnds: string
}

export interface AuditTexts {
  title: string
  filters: { operator: string; operatorPlaceholder: string; action: string; actionPlaceholder: string; resourceType: string; resourceTypePlaceholder: string; time: string }
  columns: { at: string; operator: string; action: string; resource: string; changed: string; ip: string; reason: string }
  export: string
  exporting: string
  total: string
  detail: { title: string; before: string; after: string; userAgent: string; traceId: string; roles: string; none: string }
  nobody: string
}

export interface SecurityTexts {
  title: string
  sessions: { title: string; device: string; ip: string; created: string; lastSeen: string; expires: string; current: string; revoke: string; revokeConfirm: string; revoked: string }
  passkeys: { title: string; hint: string; name: string; created: string; lastUsed: string; never: string; add: string; added: string; namePlaceholder: string; empty: string; unsupported: string }
  recovery: { title: string; hint: string; regenerate: string; confirm: string; newCodes: string; newCodesHint: string }
}

/** The content pages (issue 33): floors of the home and services pages, articles, agreements. */
export interface ContentTexts {
  menu: { floors: string; articles: string; agreements: string }
  common: {
    zh: string
    en: string
    save: string
    saved: string
    publish: string
    published: string
    unpublish: string
    unpublished: string
    schedule: string
    scheduled: string
    versions: string
    restore: string
    restored: string
    restoreConfirm: string
    preview: string
    previewOpen: string
    previewHint: string
    loading: string
    empty: string
    unsaved: string
    upToDate: string
    draftChanged: string
    neverPublished: string
    liveVersion: string
    updated: string
    by: string
    remove: string
    add: string
    dragHandle: string
    upload: string
    uploadHint: string
    replaceImage: string
    noImage: string
    chinaTime: string
    scheduleTitle: string
    scheduleAt: string
    scheduleAction: string
    scheduleList: string
    scheduleNone: string
    scheduleCancel: string
    scheduleCancelled: string
    scheduleStates: { pending: string; done: string; cancelled: string; failed: string }
    scheduleActions: { publish: string; unpublish: string }
    publishConfirm: string
    unpublishConfirm: string
    loadFailed: string
    edit: string
    back: string
    noPublishRight: string
    you: string
  }
  floors: {
    title: string
    pages: { homepage: string; servicegrid: string }
    pageHint: { homepage: string; servicegrid: string }
    open: string
    floorsCount: string
    editorTitle: string
    addFloor: string
    kinds: { banner: string; notice: string; grid: string; news: string; float: string }
    kindHints: { banner: string; notice: string; grid: string; news: string; float: string }
    noFloors: string
    removeFloorConfirm: string
    slide: string
    addSlide: string
    slideTitle: string
    image: string
    message: string
    addMessage: string
    messageText: string
    gridTitle: string
    columns: string
    tile: string
    addTile: string
    tileName: string
    icon: string
    badge: string
    newsTitle: string
    newsHint: string
    moreLink: string
    floatLabel: string
    hasLink: string
    link: string
    linkHelp: string
    miniLink: string
    miniLinkHelp: string
    visibility: string
    visibilities: { visitor: string; signedIn: string; verified: string }
    external: string
    externalHelp: string
    previewTitle: string
    previewMark: string
    previewLanguage: string
    versionsTitle: string
    versionsEmpty: string
    version: string
    publishedAt: string
    publishedBy: string
    current: string
    viewVersion: string
    publishNow: string
    saveFirst: string
  }
  articles: {
    title: string
    create: string
    kind: string
    kinds: { news: string; guide: string; help: string }
    state: string
    states: { draft: string; published: string; unpublished: string }
    category: string
    all: string
    columns: { title: string; kind: string; category: string; state: string; updated: string; publishedAt: string }
    changed: string
    total: string
    newTitle: string
    editTitle: string
    id: string
    idHelp: string
    cover: string
    titleField: string
    summary: string
    source: string
    body: string
    bodyRequired: string
    toolbar: { heading: string; subheading: string; paragraph: string; bold: string; italic: string; bulletList: string; orderedList: string; image: string; undo: string; redo: string }
    created: string
    previewTitle: string
    previewHint: string
    noVersions: string
  }
  agreements: {
    title: string
    codes: { user: string; privacy: string; cancellation: string }
    current: string
    none: string
    signed: string
    signedTitle: string
    draft: string
    noDraft: string
    editDraft: string
    editTitle: string
    name: string
    body: string
    bodyHelp: string
    startFromCurrent: string
    diffTitle: string
    diffHint: string
    diffSame: string
    diffSkipped: string
    added: string
    removed: string
    publishTitle: string
    versionField: string
    versionHelp: string
    mode: string
    modes: { resign: string; editorial: string }
    modeHelp: { resign: string; editorial: string }
    resignWarning: string
    editorialNeedsCurrent: string
    publishButton: string
    publishedResign: string
    publishedEditorial: string
    required: string
    optional: string
  }
}
