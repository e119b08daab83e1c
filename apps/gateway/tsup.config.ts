import { defineConfig } from 'tsup'

/**
 * One ESM file, dist/server.js, for Node 20. The contract (TypeScript source in the workspace) is
 * bundled in; npm dependencies stay external. The migrations folder is found at run time from the
 * package root (src/paths.ts), so it is not copied.
 */
export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@ess/contract'],
})
