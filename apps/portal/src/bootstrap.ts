/**
 * Runs first (imported at the top of app.tsx): installs the platform of this build, its global
 * behaviours, and the stored language, before any screen renders. The calls made here: the
 * mini-program's quick login and open id, and the public CMS content the launch's page shows first
 * (its floors or its article), asked for while the page's code loads.
 */
import { checkHostPrivacy, syncConsentState, whenConsented } from './core/auth/consent'
import { quickLoginFromJump } from './core/auth/quick-login'
import { applyWebRedirect } from './core/auth/redirect'
import { initLocale } from './core/locale'
import { onError } from './core/monitor'
import { installPlatform } from './core/platform'
// Relative on purpose: Taro's multi-platform resolution swaps in index.weapp.ts for relative paths.
import { createPlatform } from './platform'
import { ensureOpenId } from './core/wechat'
import { rememberJumpDes } from './core/links/des'
import { onSessionChange } from './core/auth/session'
import { loadAssistant, loadLegacy } from './core/load-later'
import { prefetchLaunchFloors } from './core/cms/floors'
import { prefetchLaunchArticle } from './core/cms/news'
// Relative: Taro's multi-platform resolution picks toast-view.h5.ts for the web.
import { mountToastView } from './core/toast-view'

const platform = createPlatform()
installPlatform(platform)
platform.start()
// The web's toast region exists before its first message, so that message is announced too.
mountToastView()
initLocale()
const launchQuery = platform.system.launchQuery()
const launchRoute = platform.system.launchRoute()
// Web redirect (SPEC §4): a token and app id handed over in the query are kept; otherwise the outer app's are forgotten.
applyWebRedirect(launchQuery)
syncConsentState()
// A jump into the mini-program with a des waits for the login or real-name it may need (SPEC §4).
rememberJumpDes(launchQuery)
// The floors of a home or services launch: carried by the page, or asked for now while the page's code loads.
prefetchLaunchFloors(launchRoute, platform.system.launchData())
// The article of a launch at one (news, a help answer), asked for now while the page's code loads.
prefetchLaunchArticle(launchRoute, launchQuery)
// Launch initialisation (SPEC §4): in the mini-program, skipped until the user agrees to the privacy
// policy (ours and WeChat's, asked first: core/auth/consent), then run at once; no-ops elsewhere.
void checkHostPrivacy().then(() =>
  whenConsented(() => {
    // The mini-program opened by the health mini-program with a quick-login token.
    void quickLoginFromJump(launchQuery)
    // The mini-program's open id of this environment (SPEC §3), fetched once and cached.
    void ensureOpenId()
  }),
)

// The mini-program and the native app (where push messages go) keep a session of the older user
// center and their push binding there (SPEC §7), opened after each login in the background.
if (platform.kind !== 'h5') {
  onSessionChange((event) => {
    if (event !== 'login') return
    loadLegacy()
      .then((m) => m.legacyAfterLogin())
      .catch((error: unknown) => console.warn('[legacy] no session of the older user center', error))
  })
}

// Every platform: the micro-assistant login after a login (SPEC §4), in the background so the
// login's navigation never waits for it; its own skip rules apply. Both clients are loaded when a
// login needs them, not with the start-up (H5: a chunk each).
onSessionChange((event) => {
  if (event !== 'login') return
  loadAssistant()
    .then((m) => m.assistantAfterLogin())
    .catch((error: unknown) => console.warn('[assistant] login failed', error))
})

if (process.env.NODE_ENV !== 'production') {
  onError((error) => console.warn('[api]', error.code, error.message, `${error.method} ${error.path}`, error.traceId))
  // Development builds only: poke the global behaviours from the browser console.
  void import('./core/dev-hooks').then(({ installDevHooks }) => installDevHooks())
}
