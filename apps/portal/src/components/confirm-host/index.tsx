import { Suspense } from 'react'
import { useStore } from 'zustand'
import { confirmStore } from '../../core/confirm'
import { ConfirmDialog } from './load'

/**
 * Draws the global confirm dialog (core/confirm). Each page frame mounts one and shows it only
 * while its page is on screen. The dialog itself (NutUI's Dialog, its overlay and transitions) is
 * loaded with the first request on H5 (./load.ts), so it is not part of the start-up JS.
 */
export function ConfirmHost() {
  const current = useStore(confirmStore, (s) => s.current)
  if (!current) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={current.id} request={current} />
    </Suspense>
  )
}
