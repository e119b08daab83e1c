// babel-preset-taro options: https://docs.taro.zone/docs/next/babel-config
// NutUI React Taro is imported on demand (component + its prebuilt CSS): importing the full CSS
// triples the CSS and doubles the build time (GUIDE §2).
module.exports = {
  presets: [
    [
      'taro',
      {
        // The same choice as config/index.ts: Preact on H5, React on the mini-program.
        framework: (process.env.TARO_ENV ?? 'h5') === 'h5' ? 'preact' : 'react',
        ts: true,
        compiler: 'vite',
      },
    ],
  ],
  plugins: [
    [
      'import',
      {
        libraryName: '@nutui/nutui-react-taro',
        camel2DashComponentName: false,
        customName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
        customStyleName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}/style/css`,
      },
      'nutui-react-taro',
    ],
  ],
}
