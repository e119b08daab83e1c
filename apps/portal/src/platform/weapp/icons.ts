// The module of NutUI's icon settings, shared by every icon component (no typings of its own).
// @ts-expect-error -- a plain .js module of @nutui/icons-react-taro without declarations
import { globalConfig } from '@nutui/icons-react-taro/dist/es/icons/internal.js'

/**
 * NutUI's icons (@nutui/icons-react-taro 3) draw themselves as an `<i>` element carrying the SVG as
 * a CSS mask. The mini-program has no `<i>`: Taro's templates (base.wxml) have none, so WeChat drew
 * nothing for every icon (the only trace was wcc's runtime saying "Template `tmpl_0_i` not found";
 * test/weapp's harness now fails on any node without a template). A `view` carries the same class
 * and mask. Set before the first render (imported by platform/index.weapp.ts); H5 keeps the `<i>`.
 */
;(globalConfig as { tag: string }).tag = 'view'
