import { JUMP_RESUME_WINDOW_S } from '@ess/contract/wire'
import { describe, expect, it } from 'vitest'
import { completeLogin } from '../src/core/auth/session'
import { rememberLoginTarget } from '../src/core/auth/target'
import { rememberJumpDes, resumeJumpDes, takeJumpDes } from '../src/core/links/des'
import { showOutcome } from '../src/core/real-name/flow'
import { installTestPlatform, ok } from './helpers'

const USER = { userId: '5', phone: '13800138000', phoneRegion: 'CN', email: null, username: null, photo: null, gender: 'U', birthdate: null, certificationStatus: 1, isExpired: false, certification: null, hasPassword: true } as const

function miniProgram() {
  const installed = installTestPlatform()
  installed.platform.kind = 'weapp'
  return installed
}

describe('a jump into the mini-program with a des (SPEC §4)', () => {
  it('is remembered in the mini-program only, for an inner jump destination only', () => {
    installTestPlatform()
    expect(rememberJumpDes({ des: 'payment' })).toBe(false)
    miniProgram()
    expect(rememberJumpDes({ des: 'lottery' })).toBe(false)
    expect(rememberJumpDes({})).toBe(false)
    expect(rememberJumpDes({ des: 'checkUp' }, 1_000)).toBe(true)
    expect(takeJumpDes(1_000 + JUMP_RESUME_WINDOW_S * 1000 - 1)).toBe('checkUp')
    expect(takeJumpDes(1_000)).toBeNull()
  })

  it('resumes after the login within 120 s, to the transition page instead of the login target', async () => {
    const { server, nav } = miniProgram()
    rememberJumpDes({ des: 'medClaims' })
    rememberLoginTarget('packages/news/index', { newscode: 'news' })
    server.reply(ok(USER))
    await completeLogin({ accessToken: 'at-1', refreshToken: 'rt-1' })
    expect(nav.redirectTo).toHaveBeenCalledWith('/pages/jump/transition/index?dest=medClaims')
    expect(nav.navigateTo).not.toHaveBeenCalled()
  })

  it('is dropped when older than the window, and waits while nobody is signed in', async () => {
    const { nav } = miniProgram()
    const start = Date.now()
    rememberJumpDes({ des: 'payment' }, start)
    expect(await resumeJumpDes(start + 1000)).toBe(false)
    localStorage.setItem('token', 't')
    expect(await resumeJumpDes(start + JUMP_RESUME_WINDOW_S * 1000)).toBe(false)
    expect(await resumeJumpDes(start + 1000)).toBe(false)
    expect(nav.redirectTo).not.toHaveBeenCalled()
  })

  it('resumes after the real-name verification passed, instead of the success page', async () => {
    const { nav } = miniProgram()
    localStorage.setItem('token', 't')
    rememberJumpDes({ des: 'insurance' })
    await showOutcome({ ok: true } as never, 'idNumber', 'home')
    expect(nav.redirectTo).toHaveBeenCalledWith('/pages/jump/transition/index?dest=insurance')
    await showOutcome({ ok: true } as never, 'idNumber', 'home')
    expect(nav.redirectTo).toHaveBeenLastCalledWith('/packages/users/identity/success?origin=home')
  })
})
