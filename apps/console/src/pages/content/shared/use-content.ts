import { useGetIdentity } from '@refinedev/core'
import { consoleCan } from '@ess/contract/console/access'
import type { Me } from '../../../providers/account'

/** Whether the signed-in operator may do `action` on `resource` (the access table; the gateway checks again). */
export function useMayDo() {
  const { data } = useGetIdentity<Me['operator']>()
  return (resource: string, action: string) => !!data && consoleCan(data.roles, resource, action)
}

/** An operator id as shown: "you" when it is the signed-in operator, else its first characters. */
export function useWho() {
  const { data } = useGetIdentity<Me['operator']>()
  return (id: string | null, you: string) => (id === null ? '—' : id === data?.id ? you : id.length > 12 ? `${id.slice(0, 8)}…` : id)
}
