import { GENERATED_ID_ALPHABET, GENERATED_ID_LENGTH } from '@ess/contract/wire'
import { describe, expect, it } from 'vitest'
import { generateId, getDeviceId } from '../src/core/device-id'
import { clientStorage } from '../src/core/storage'
import { installTestPlatform } from './helpers'

describe('device uuid', () => {
  it('is generated once per device with the contract alphabet and length, then persisted', () => {
    installTestPlatform()
    expect(localStorage.getItem('uuid')).toBeNull()
    const id = getDeviceId()
    expect(id).toHaveLength(GENERATED_ID_LENGTH)
    for (const ch of id) expect(GENERATED_ID_ALPHABET).toContain(ch)
    expect(localStorage.getItem('uuid')).toBe(id)
    expect(getDeviceId()).toBe(id)
  })

  it('survives a reload (read back from storage) and replaces a malformed stored value', () => {
    installTestPlatform()
    localStorage.setItem('uuid', 'AbCdEfGhIjKlMnOpQrStU')
    expect(getDeviceId()).toBe('AbCdEfGhIjKlMnOpQrStU')
    localStorage.setItem('uuid', 'not a valid id!')
    const fresh = getDeviceId()
    expect(fresh).not.toBe('not a valid id!')
    expect(clientStorage.get('deviceId')).toBe(fresh)
  })

  it('draws ids from the platform random source without collisions', () => {
    installTestPlatform()
    const ids = new Set(Array.from({ length: 2000 }, () => generateId()))
    expect(ids.size).toBe(2000)
    expect(generateId(32)).toHaveLength(32)
  })
})

describe('stored client values (SPEC §3)', () => {
  it('keeps every value under its SPEC key and reads undecodable values as absent', () => {
    installTestPlatform()
    clientStorage.set('locale', 'en-US')
    clientStorage.set('userAgreedPrivacy', '1')
    clientStorage.set('publicKey', { publicKey: 'PEM', keyId: 'k1', cachedAt: 5 })
    clientStorage.set('autoJumpAt', 1700000000000)
    clientStorage.set('refreshToken', 'r')
    clientStorage.set('oucToken', 'o')
    clientStorage.set('grayScheme', 'b')
    clientStorage.set('microAssistantKey', 'mk')
    clientStorage.set('pageLoading', { from: 'home' })
    expect(localStorage.getItem('locale-lang')).toBe('en-US')
    expect(localStorage.getItem('user-agreed-privacy')).toBe('1')
    expect(localStorage.getItem('refresh-token')).toBe('r')
    expect(localStorage.getItem('ouc-token')).toBe('o')
    expect(localStorage.getItem('gray-scheme')).toBe('b')
    expect(localStorage.getItem('micro-assistant-key')).toBe('mk')
    expect(clientStorage.get('publicKey')).toEqual({ publicKey: 'PEM', keyId: 'k1', cachedAt: 5 })
    expect(clientStorage.get('autoJumpAt')).toBe(1700000000000)
    expect(clientStorage.get('pageLoading')).toEqual({ from: 'home' })
    localStorage.setItem('user-agreed-privacy', 'yes')
    localStorage.setItem('public-key', '{broken')
    localStorage.setItem('locale-lang', 'fr-FR')
    expect(clientStorage.get('userAgreedPrivacy')).toBeNull()
    expect(clientStorage.get('publicKey')).toBeNull()
    expect(clientStorage.get('locale')).toBeNull()
  })

  it('caches an open id per environment', async () => {
    installTestPlatform()
    const { getOpenId, setOpenId } = await import('../src/core/storage')
    setOpenId('prod', 'o-1')
    setOpenId('uat', 'o-2')
    expect(getOpenId('prod')).toBe('o-1')
    expect(getOpenId('uat')).toBe('o-2')
    expect(getOpenId('dev')).toBeNull()
  })
})
