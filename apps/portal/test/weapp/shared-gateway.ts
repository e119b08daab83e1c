import { inject } from 'vitest'
import type { Gateway } from './gateway'

/** The gateway of the run (global-gateway.ts): its address and data folder; it is stopped at the end of the run. */
export function sharedGateway(): Gateway {
  const { url, dataDir } = inject('weappGateway')
  return { url, dataDir, stop: async () => undefined }
}
