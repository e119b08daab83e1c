import type { UserConfigExport } from '@tarojs/cli'

export default {
  mini: {},
  h5: {
    devServer: {
      port: 10086,
      // Same-origin calls to /app/... reach the gateway while developing. A RegExp key: a plain
      // '/app' prefix would also catch the app's own modules (/app.tsx, /app.config.ts).
      proxy: {
        '^/app/': { target: process.env.ESS_GATEWAY_URL || 'http://localhost:8080', changeOrigin: true },
      },
    },
  },
} satisfies UserConfigExport<'vite'>
