import type { SecurityTexts } from './types'

export const security: SecurityTexts = {
  title: 'My security',
  sessions: {
    title: 'Sessions',
    device: 'Device',
    ip: 'Address',
    created: 'Signed in',
    lastSeen: 'Last active',
    expires: 'Ends at the latest',
    current: 'This session',
    revoke: 'End session',
    revokeConfirm: 'End this session? That device will have to sign in again.',
    revoked: 'Session ended',
  },
  passkeys: {
    title: 'Passkeys',
    hint: 'A passkey can replace the authenticator code as your second step (fingerprint, face or security key)',
    name: 'Name',
    created: 'Added',
    lastUsed: 'Last used',
    never: 'Never',
    add: 'Add a passkey',
    added: 'Passkey added',
    namePlaceholder: 'e.g. Office laptop',
    empty: 'No passkey yet',
    unsupported: 'This browser does not support passkeys',
  },
  recovery: {
    title: 'Recovery codes',
    hint: 'When your authenticator is not at hand, each recovery code signs you in once. New codes make all the old ones void.',
    regenerate: 'Make new recovery codes',
    confirm: 'Make new codes? All the old ones stop working.',
    newCodes: 'New recovery codes',
    newCodesHint: 'Shown only now: save them at once.',
  },
}
