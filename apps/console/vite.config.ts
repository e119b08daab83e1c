import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * The console, served by the gateway at /console/ (hash routes: one page). `html.cspNonce` puts a
 * placeholder nonce on the built page's script and style tags and in a `csp-nonce` meta tag; the
 * gateway replaces it with a fresh nonce in each answer and names that nonce in the page's
 * Content-Security-Policy, so no inline style or script runs without it (Ant Design's CSS-in-JS
 * reads it from the meta tag: src/csp.ts).
 */
export const CSP_NONCE_PLACEHOLDER = 'ESS_CONSOLE_CSP_NONCE'

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    // `npm run dev -w apps/console`: the API of the gateway running beside it.
    proxy: { '/app': `http://localhost:${process.env.GATEWAY_PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Ant Design and Refine are one vendor chunk, cached across releases of the console's own code.
    rollupOptions: {
      output: {
        manualChunks: (id) => (id.includes('node_modules') ? 'vendor' : undefined),
      },
    },
    chunkSizeWarningLimit: 3000,
  },
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:8080/console/' } },
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
