import type { TestProject } from 'vitest/node'
// (not 'vitest' itself: a global setup runs outside the test workers)
import { startGateway } from './gateway'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The gateway the mini-program checks share (see below). */
    weappGateway: { url: string; dataDir: string }
  }
}

/**
 * One real gateway for every file of the mini-program checks (vitest.weapp.config.ts globalSetup):
 * a start costs 10–30 s on two cores (tsx, the embedded database's migrations and demo data), and
 * the files need nothing of each other's (each app starts with its own storage; app.test.ts is a
 * visitor, behaviours.test.ts signs up a phone of its own). Stopped, with its data folder, at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const gateway = await startGateway()
  project.provide('weappGateway', { url: gateway.url, dataDir: gateway.dataDir })
  return () => gateway.stop()
}

