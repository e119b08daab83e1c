import type { CmsPreviewDictionary } from './types'

const cms: CmsPreviewDictionary = {
  preview: {
    mark: '预览',
    hint: '这是尚未发布的草稿，仅供审阅',
    invalid: '预览链接无效或已过期，以下为已发布的内容',
  },
}
export default cms
