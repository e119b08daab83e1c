import { consoleCan } from '@ess/contract/console/access'
import type { AccessControlProvider } from '@refinedev/core'
import { loadMe } from './account'

/**
 * Refine's `can({ resource, action })` from the one table the gateway enforces
 * (packages/contract/src/console/access.ts) and the operator's roles: what the roles do not
 * allow is hidden (menu items, buttons, pages). The gateway refuses it anyway.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const roles = (await loadMe().catch(() => null))?.operator.roles ?? []
    // A page that is one thing rather than a list (home, my security) opens with the table's `show`:
    // its resource says so (`meta.listAction`), and the menu's `list` check asks for that.
    const listAction = (params?.resource?.meta as { listAction?: string } | undefined)?.listAction
    return { can: !!resource && consoleCan(roles, resource, action === 'list' && listAction ? listAction : action) }
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
}
