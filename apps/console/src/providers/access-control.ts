import { consoleCan } from '@ess/contract/console/access'
import type { AccessControlProvider } from '@refinedev/core'
import { loadMe } from './account'

/**
 * Refine's `can({ resource, action })` from the one table the gateway enforces
 * (packages/contract/src/console/access.ts) and the operator's roles: what the roles do not
 * allow is hidden (menu items, buttons, pages). The gateway refuses it anyway.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const roles = (await loadMe().catch(() => null))?.operator.roles ?? []
    return { can: !!resource && consoleCan(roles, resource, action) }
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
}
