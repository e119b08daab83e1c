import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { WebAuthnResponse } from '@ess/contract'
import type { Database } from '../../db/client'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { insertPasskey, listPasskeys, passkeyUsed } from './queries'

/**
 * Passkeys (WebAuthn) as an optional second factor, with @simplewebauthn/server: the options carry
 * a challenge kept in the KV for 5 minutes under a purpose (a sign-in challenge, a session's
 * step-up or registration), taken once when the answer comes back.
 */
export interface RelyingParty {
  origin: string
  rpId: string
}

const CEREMONY_MS = 5 * 60_000
const RP_NAME = 'ESS Console'
const keyOf = (purpose: string) => `console:webauthn:${purpose}`

export async function authenticationOptions(deps: { db: Database; kv: Kv }, rp: RelyingParty, operatorId: string, purpose: string) {
  const passkeys = await listPasskeys(deps.db, operatorId)
  if (!passkeys.length) throw new AppError('PASSKEY_UNAVAILABLE')
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: passkeys.map((key) => ({ id: key.id, transports: key.transports as never })),
    userVerification: 'preferred',
    timeout: CEREMONY_MS,
  })
  await deps.kv.set(keyOf(purpose), options.challenge, CEREMONY_MS)
  return { ...options }
}

/** Verifies an assertion for the purpose's challenge against the operator's passkeys; moves its counter. */
export async function verifyAuthentication(deps: { db: Database; kv: Kv; now: () => Date }, rp: RelyingParty, operatorId: string, purpose: string, response: WebAuthnResponse) {
  const expectedChallenge = await deps.kv.take(keyOf(purpose))
  const passkey = (await listPasskeys(deps.db, operatorId)).find((key) => key.id === response.id)
  if (!expectedChallenge || !passkey) throw new AppError('PASSKEY_FAILED')
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports as never },
    })
    if (!verified) throw new AppError('PASSKEY_FAILED')
    await passkeyUsed(deps.db, passkey.id, authenticationInfo.newCounter, deps.now())
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('PASSKEY_FAILED', { cause: error })
  }
}

export async function registrationOptions(deps: { db: Database; kv: Kv }, rp: RelyingParty, operator: { id: string; email: string; displayName: string }, purpose: string) {
  const existing = await listPasskeys(deps.db, operator.id)
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: operator.email,
    userDisplayName: operator.displayName,
    userID: new TextEncoder().encode(operator.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CEREMONY_MS,
  })
  await deps.kv.set(keyOf(purpose), options.challenge, CEREMONY_MS)
  return { ...options }
}

export async function verifyRegistration(
  deps: { db: Database; kv: Kv; now: () => Date },
  rp: RelyingParty,
  operatorId: string,
  purpose: string,
  response: WebAuthnResponse,
  name: string,
) {
  const expectedChallenge = await deps.kv.take(keyOf(purpose))
  if (!expectedChallenge) throw new AppError('PASSKEY_FAILED')
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    })
    if (!verified) throw new AppError('PASSKEY_FAILED')
    const { credential } = registrationInfo
    const row = {
      id: credential.id,
      operatorId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: deps.now(),
    }
    await insertPasskey(deps.db, row)
    return row
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('PASSKEY_FAILED', { cause: error })
  }
}
