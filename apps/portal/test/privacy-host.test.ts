import { wire } from '@ess/contract/wire'
import { describe, expect, it, vi } from 'vitest'
import { agreeAtFirstLaunch, checkHostPrivacy, consentStore, declinePrivacyConsent, hasPrivacyConsent, syncConsentState, whenConsented } from '../src/core/auth/consent'
import { request } from '../src/core/http/request'
import { createMiniPrivacy } from '../src/platform/weapp/privacy'
import { flush, installTestPlatform } from './helpers'

type Resolve = (answer: { event: string; buttonId?: string }) => void

/** WeChat's privacy API as documented (base library 2.32.3+), with a record the test sets. */
function fakeWx(needAuthorization: boolean) {
  let listener: ((resolve: Resolve, info: { referrer: string }) => void) | null = null
  const answers: Array<{ event: string; buttonId?: string }> = []
  return {
    answers,
    wx: {
      getPrivacySetting: ({ success }: { success(res: { needAuthorization: boolean }): void }) => success({ needAuthorization }),
      onNeedPrivacyAuthorization: (fn: typeof listener) => void (listener = fn),
    },
    /** A privacy API used before the authorization: WeChat holds it and asks the app. */
    holdCall: (referrer: string) => listener?.((answer) => void answers.push(answer), { referrer }),
  }
}

describe("WeChat's privacy API joined with the consent (SPEC §4, mini-program)", () => {
  it('is absent where WeChat has no privacy API (H5, base library older than 2.32.3)', () => {
    expect(createMiniPrivacy(undefined)).toBeNull()
    expect(createMiniPrivacy({ getPrivacySetting: () => undefined } as never)).toBeNull()
  })

  it("a stored '1' is not consent while WeChat still needs its authorization: the panel asks, nothing personal goes out", async () => {
    const host = fakeWx(true)
    const { server } = installTestPlatform({ privacy: createMiniPrivacy(host.wx) })
    expect(hasPrivacyConsent()).toBe(true)
    await checkHostPrivacy()
    expect(hasPrivacyConsent()).toBe(false)
    expect(consentStore.getState().answered).toBe(false)
    expect(await request(wire.getUserInfo, undefined, { needShowToast: false })).toBeUndefined()
    expect(server.requests).toEqual([])
  })

  it('launch initialisation waits for the consent, then runs once', async () => {
    const host = fakeWx(true)
    const { nav } = installTestPlatform({ privacy: createMiniPrivacy(host.wx) })
    await checkHostPrivacy()
    const init = vi.fn()
    whenConsented(init)
    declinePrivacyConsent()
    expect(init).not.toHaveBeenCalled()
    await agreeAtFirstLaunch('ess-privacy-agree')
    expect(init).toHaveBeenCalledTimes(1)
    // No call of WeChat's was held: home relaunches, as at any first launch.
    expect(nav.reLaunch).toHaveBeenCalledWith('/pages/home/index')
    await agreeAtFirstLaunch('ess-privacy-agree')
    expect(init).toHaveBeenCalledTimes(1)
  })

  it("a privacy call WeChat holds opens the panel; Agree answers WeChat with the button's id and the page stays", async () => {
    const host = fakeWx(false)
    const { nav } = installTestPlatform({ privacy: createMiniPrivacy(host.wx) }, { consent: false })
    await checkHostPrivacy()
    declinePrivacyConsent()
    expect(consentStore.getState().answered).toBe(true)
    host.holdCall('button.getPhoneNumber')
    expect(consentStore.getState().answered).toBe(false)
    // the panel on screen tells WeChat (once per held call)
    const privacy = (await import('../src/core/platform')).platform().privacy
    privacy?.exposed()
    privacy?.exposed()
    await agreeAtFirstLaunch('ess-privacy-agree')
    await flush()
    expect(host.answers).toEqual([{ event: 'exposureAuthorization' }, { buttonId: 'ess-privacy-agree', event: 'agree' }])
    expect(nav.reLaunch).not.toHaveBeenCalled()
    expect(hasPrivacyConsent()).toBe(true)
  })

  it('Disagree fails the held call', async () => {
    const host = fakeWx(false)
    installTestPlatform({ privacy: createMiniPrivacy(host.wx) }, { consent: false })
    await checkHostPrivacy()
    host.holdCall('chooseImage')
    declinePrivacyConsent()
    expect(host.answers).toEqual([{ event: 'disagree' }])
    expect(hasPrivacyConsent()).toBe(false)
  })
})

describe('someone who declined', () => {
  it('is not asked again at every launch, only when they use something that needs it', async () => {
    const host = fakeWx(true)
    installTestPlatform({ privacy: createMiniPrivacy(host.wx) }, { consent: false })
    localStorage.setItem('user-agreed-privacy', '0')
    syncConsentState()
    await checkHostPrivacy()
    expect(consentStore.getState().answered).toBe(true)
    host.holdCall('button.getPhoneNumber')
    expect(consentStore.getState().answered).toBe(false)
  })
})
