import { useEffect } from 'react'
import { preloadSchemas } from '../../core/forms/lazy'
import { whenUserActs } from '../lazy-part'

/**
 * A form screen's validation (zod and the rules: the forms chunk, core/forms/lazy.ts), fetched at
 * the user's first tap or key on it, with `also` (the screen's own calls to warm). The screen paints
 * without it; a validation or a code request before it arrives waits for it.
 */
export function useSchemasWhenUserActs(also?: () => void): void {
  useEffect(
    () =>
      whenUserActs(() => {
        preloadSchemas().catch(() => undefined)
        also?.()
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
}
