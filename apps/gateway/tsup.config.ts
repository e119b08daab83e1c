import { defineConfig } from 'tsup'

/**
 * ESM for Node 20 and later: dist/server.js, dist/ops.js (the operations commands: db:backup, db:restore,
 * keys:rotate, which a production install runs without tsx) and the chunks of what they import lazily. The contract (TypeScript source in the workspace) is
 * bundled in; npm dependencies stay external. The migrations folder is found at run time from the
 * package root (src/paths.ts), so it is not copied.
 */
export default defineConfig({
  entry: { server: 'src/server.ts', ops: 'src/ops.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Code splitting (esbuild's, for ESM): a module the gateway imports only when it needs it (the
  // OAuth stand-in with oidc-provider, the data export with pdfkit, the SMS providers' SDKs, the
  // common-password list) gets a chunk of its own, with its npm imports inside, instead of having
  // them loaded at start.
  splitting: true,
  noExternal: ['@ess/contract'],
})
