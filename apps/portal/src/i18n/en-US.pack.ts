import nutui from '@nutui/nutui-react-taro/dist/es/locales/en-US'
import dictionary from './en-US'
import type { LocalePack } from './types'

/** The English texts: the app's dictionary and the UI kit's, one chunk on H5. */
const pack: LocalePack = { dictionary, nutui }
export default pack
