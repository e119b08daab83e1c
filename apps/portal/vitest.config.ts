import path from 'node:path'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig, type UserConfig } from 'vitest/config'

/**
 * Unit tests run the H5 flavour of the app in jsdom (GUIDE §2): Taro's build flags are defined,
 * `@tarojs/taro` points at the H5 API implementation and `@tarojs/components` at its React build.
 */
export default defineConfig({
  // Taro's H5 packages ship source maps pointing at files they do not ship; those warnings are noise.
  logLevel: 'error',
  // @vitejs/plugin-react is typed against the build's vite 4; vitest runs its own vite.
  plugins: [
    react({
      babel: {
        // Same on-demand NutUI imports as babel.config.js (without the CSS), so a test loads only
        // the components it renders, as the build does.
        plugins: [
          // JSX first, so the import plugin sees the component references it rewrites.
          ['@babel/plugin-transform-react-jsx', { runtime: 'automatic' }],
          [
            'import',
            {
              libraryName: '@nutui/nutui-react-taro',
              camel2DashComponentName: false,
              customName: (name: string) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
              style: false,
            },
            'nutui-react-taro',
          ],
        ],
      },
    }) as unknown as NonNullable<UserConfig['plugins']>[number],
  ],
  define: {
    'process.env.TARO_ENV': JSON.stringify('h5'),
    'process.env.TARO_PLATFORM': JSON.stringify('web'),
    'process.env.FRAMEWORK': JSON.stringify('react'),
    'process.env.SUPPORT_TARO_POLYFILL': JSON.stringify('disabled'),
    'process.env.SUPPORT_DINGTALK_NAVIGATE': JSON.stringify('disabled'),
    ENABLE_INNER_HTML: 'true',
    ENABLE_ADJACENT_HTML: 'true',
    ENABLE_SIZE_APIS: 'true',
    ENABLE_TEMPLATE_CONTENT: 'true',
    ENABLE_CLONE_NODE: 'true',
    ENABLE_CONTAINS: 'true',
    ENABLE_MUTATION_OBSERVER: 'true',
    DEPRECATED_ADAPTER_COMPONENT: 'false',
    ESS_API_BASE: JSON.stringify(''),
    ESS_APP_VERSION: JSON.stringify('0.0.0-test'),
    ESS_BUILD_ID: JSON.stringify('test'),
    ESS_OUTER_APP_KEYS: JSON.stringify({ '205': 'partner-public-key-0205-test' }),
    ESS_RETURN_URLS: JSON.stringify(['https://partner.example.com', 'https://hr.example.com/back/']),
    ESS_WEBVIEW_URLS: JSON.stringify(['https://welfare.example.com', 'https://partner.example.com/', 'https://ouc.example.com/']),
    ESS_MINI_PROGRAM_APPIDS: JSON.stringify({ healthMini: 'wxhealthminitest01', welfareMini: 'wxwelfareminitest1' }),
  },
  resolve: {
    alias: [
      // As the H5 build (config/index.ts `h5.useHtmlComponents`): the React components.
      { find: /^@tarojs\/components$/, replacement: '@tarojs/components-react' },
      { find: /^@tarojs\/taro$/, replacement: path.resolve(__dirname, 'test/taro-h5.ts') },
      { find: /^@\//, replacement: `${path.resolve(__dirname, 'src')}/` },
    ],
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    // The mini-program checks run on their own (vitest.weapp.config.ts, `npm run test:weapp`).
    exclude: [...configDefaults.exclude, 'test/weapp/**'],
    css: false,
    // Vitest's default on 2 cores is one worker (cores − 1), leaving the second core idle for the
    // whole suite: 94 → 59 s with two on the same machine, all 531 passing (2026-11-29).
    maxWorkers: 2,
    minWorkers: 1,
    server: {
      deps: {
        inline: [/@tarojs/, /@nutui/],
      },
    },
  },
})
