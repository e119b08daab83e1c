import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

/**
 * A software passkey speaking WebAuthn as a browser and an authenticator do together: an ES256
 * key pair, `none` attestation at registration, signed assertions with a counter. Tests run the
 * real @simplewebauthn/server checks against it.
 */
export function softPasskey(origin: string, rpId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(16)
  const rpIdHash = sha256(rpId)
  let counter = 0
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ])
  return {
    id: b64u(credentialId),
    register(options: { challenge: string }, overrides: { origin?: string } = {}) {
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? origin, crossOrigin: false })
      const length = Buffer.alloc(2)
      length.writeUInt16BE(credentialId.length)
      // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), u32(counter), Buffer.alloc(16), length, credentialId, Buffer.from(isoCBOR.encode(cose))])
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never)
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      }
    },
    authenticate(options: { challenge: string }) {
      counter++
      const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false })
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), u32(counter)])
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature) },
        clientExtensionResults: {},
      }
    },
  }
}
