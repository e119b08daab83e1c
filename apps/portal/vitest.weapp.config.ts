import { defineConfig } from 'vitest/config'

/**
 * The mini-program checks (test/weapp): the built dist/weapp run headless in Node against a real
 * gateway, and its package sizes. `npm run test:weapp` builds dist/weapp first when its inputs changed.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/weapp/**/*.test.ts'],
    // One gateway for the files that run the app against it (test/weapp/global-gateway.ts).
    globalSetup: ['test/weapp/global-gateway.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: they share the gateway, and the machine has two cores.
    fileParallelism: false,
  },
})
