import { wire, type DeviceSession, type SecurityActivity, type SecurityEvent } from '@ess/contract/wire'
import { request } from '../http/request'

/**
 * The devices signed in to the account and its security history (contract securityActivity), and
 * signing other devices out. Refusals are toasted by the request client.
 */
export function loadActivity(): Promise<SecurityActivity | undefined> {
  return request(wire.securityActivity)
}

/** This device first, then the others by last activity (newest first). */
export function orderSessions(sessions: DeviceSession[]): { current: DeviceSession | null; others: DeviceSession[] } {
  const current = sessions.find((s) => s.current) ?? null
  const others = sessions.filter((s) => !s.current).sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt))
  return { current, others }
}

export async function signOutDevice(sessionId: string): Promise<boolean> {
  return (await request(wire.revokeSession, { sessionId })) !== undefined
}

export async function signOutOtherDevices(): Promise<boolean> {
  return (await request(wire.revokeOtherSessions)) !== undefined
}

/** What a device is called: its name when known, else its kind. */
export function deviceName(d: Pick<DeviceSession | SecurityEvent, 'deviceName' | 'deviceType'>, kinds: Record<DeviceSession['deviceType'], string>): string {
  return d.deviceName ?? kinds[d.deviceType]
}

/** Browser, place and (masked) address, as far as known: the parts of a detail line. */
export function deviceDetails(d: Pick<DeviceSession | SecurityEvent, 'browser' | 'place' | 'ip'>): string[] {
  return [d.browser, d.place, d.ip].filter((part): part is string => Boolean(part))
}

/** Event types that tell of something going wrong (shown in the warning colour). */
export const WARNING_EVENTS: ReadonlySet<SecurityEvent['type']> = new Set(['signInFailed', 'accountLocked', 'identityCheckFailed'])
