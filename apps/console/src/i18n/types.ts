import type { ConsoleRole } from '@ess/contract/console/access'
import type { SecurityEventType } from '@ess/contract'

/** The texts of each domain: every language is one object of its domain's type (a missing key fails the type check). */

export interface CommonTexts {
  appName: string
  language: string
  languageNames: { 'zh-CN': string; 'en-US': string }
  roles: Record<ConsoleRole, string>
  menu: { home: string; audit: string; security: string; support: string; roster: string; operators: string; notices: string }
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
  password: { title: string; hint: string; current: string; next: string; repeat: string; mismatch: string; submit: string; changed: string }
}

export interface OperatorsTexts {
  title: string
  invite: string
  refresh: string
  columns: { operator: string; roles: string; status: string; lastSignIn: string; sessions: string; created: string }
  status: { invited: string; active: string; disabled: string }
  never: string
  linkOpenUntil: string
  actions: { roles: string; disable: string; enable: string; reset: string; sessions: string; renew: string; more: string }
  confirm: { disable: string; enable: string; reset: string }
  done: { roles: string; disabled: string; enabled: string; revoked: string }
  inviteForm: { title: string; email: string; emailPlaceholder: string; displayName: string; displayNamePlaceholder: string; roles: string; rolesRequired: string; submit: string }
  rolesForm: { title: string; lastAdminHint: string }
  link: { title: string; hint: string; expires: string }
  sessions: { title: string; empty: string; revoke: string; revokeConfirm: string }
  you: string
}

export interface NoticesTexts {
  title: string
  compose: string
  kinds: { salary: string; examReservation: string; examReport: string; flexibleEmployment: string; system: string }
  jumps: { medClaims: string; payment: string; insurance: string; checkUp: string }
  states: { scheduled: string; sending: string; sent: string; cancelled: string; failed: string }
  audiences: { all: string; company: string; list: string }
  columns: { title: string; kind: string; audience: string; state: string; sendAt: string; targeted: string; delivered: string; skippedOff: string; skippedOther: string }
  form: {
    kind: string
    titleZh: string
    titleEn: string
    bodyZh: string
    bodyEn: string
    link: string
    linkNone: string
    linkRoute: string
    linkJump: string
    route: string
    jump: string
    audience: string
    companyCode: string
    companyPlaceholder: string
    list: string
    listHint: string
    listPlaceholder: string
    upload: string
    listCount: string
    listInvalid: string
    when: string
    now: string
    later: string
    sendAt: string
    /** A preview or send refused by a field's rule. */
    invalid: string
    required: string
  }
  preview: { button: string; title: string; reach: string; reachable: string; noAccount: string; switchedOff: string; duplicate: string; inbox: string }
  send: string
  schedule: string
  confirmSend: string
  sentOk: string
  scheduledOk: string
  cancel: string
  cancelConfirm: string
  cancelledOk: string
}

export interface DashboardTexts {
  title: string
  today: string
  last30: string
  computedAt: string
  loadFailed: string
  figures: {
    registrations: string
    verifications: string
    signIns: string
    signInFailures: string
    lockouts: string
    smsSent: string
    smsFailed: string
    emailSent: string
    emailFailed: string
    noticesDelivered: string
  }
  queue: { title: string; waiting: string; failed: string }
  agreements: { title: string; resigned: string; pending: string }
  charts: { accounts: string; signIns: string; messages: string; notices: string }
}

export interface SupportTexts {
  title: string
  subtitle: string
  search: {
    by: string
    byOptions: { phone: string; email: string; username: string; idNo: string; employee: string }
    value: string
    valuePlaceholder: { phone: string; email: string; username: string; idNo: string; employee: string }
    companyCode: string
    companyCodePlaceholder: string
    none: string
    employeeWithoutAccount: string
    hint: string
  }
  columns: { account: string; phone: string; email: string; username: string; name: string; employee: string; state: string }
  state: { active: string; disabled: string; locked: string; notLocked: string }
  back: string
  open: string
  detail: {
    profile: string
    phone: string
    email: string
    username: string
    password: string
    passwordSet: string
    passwordNone: string
    createdAt: string
    status: string
    lock: string
    lockedUntil: string
    failures: string
    disabledAt: string
    cancellation: string
    cancellationActive: string
    realName: string
    realNameNone: string
    realNameValid: string
    realNameExpired: string
    methodLabel: string
    method: { idNumber: string; bankCard: string }
    employeeName: string
    idNo: string
    company: string
    employeeNo: string
    certifiedAt: string
    bindings: string
    bindingsNone: string
    provider: { wechat: string; qq: string; weibo: string }
    nickname: string
    boundAt: string
    sessions: string
    sessionsNone: string
    device: string
    place: string
    signedInAt: string
    lastActiveAt: string
    history: string
    historyNone: string
    event: string
    at: string
    events: Record<SecurityEventType, string>
    agreements: string
    agreement: string
    version: string
    required: string
    optional: string
    signed: string
    pending: string
    signedEarlier: string
    none: string
  }
  actions: {
    title: string
    unlock: string
    signOut: string
    disable: string
    enable: string
    unbind: string
    reveal: string
    hide: string
    done: { unlock: string; signOut: string; disable: string; enable: string; unbind: string }
    confirm: { unlock: string; signOut: string; disable: string; enable: string; unbind: string; reveal: string }
    explain: { unlock: string; signOut: string; disable: string; enable: string; unbind: string; reveal: string }
    reason: string
    reasonPlaceholder: string
    reasonRequired: string
    revealField: { phone: string; idNo: string }
  }
}

export interface RosterTexts {
  title: string
  filters: { company: string; companyAll: string; name: string; namePlaceholder: string; employeeNo: string; idNo: string; idNoPlaceholder: string; status: string }
  statuses: { active: string; ended: string; all: string }
  columns: { company: string; employeeNo: string; name: string; idNo: string; phone: string; verified: string; status: string }
  verified: string
  notVerified: string
  employed: string
  endedOn: string
  total: string
  empty: string
  import: string
  export: string
  exporting: string
  exportAll: string
  detail: {
    title: string
    pinyinName: string
    gender: string
    genders: { F: string; M: string; U: string }
    birthdate: string
    nationality: string
    idType: string
    email: string
    address: string
    postcode: string
    endReason: string
    identityVersion: string
    updatedAt: string
    masked: string
    edit: string
    end: string
  }
  edit: { title: string; hint: string; keep: string; save: string; saved: string; verificationEnded: string; identityWarning: string }
  end: { title: string; hint: string; endedOn: string; reason: string; reasonPlaceholder: string; confirm: string; done: string }
  importPage: {
    title: string
    back: string
    steps: { upload: string; check: string; apply: string }
    drop: string
    dropHint: string
    check: string
    checking: string
    rows: string
    bytes: string
    clean: string
    cleanHint: string
    rejected: string
    rejectedHint: string
    listedOnly: string
    columns: { line: string; column: string; reason: string }
    whole: string
    downloadReport: string
    apply: string
    applying: string
    applyConfirm: string
    applied: string
    written: string
    another: string
    tooLarge: string
  }
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
    withdraw: string
    withdrawConfirm: string
    withdrawn: string
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
    restoreDraftConfirm: string
    restoredDraft: string
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
