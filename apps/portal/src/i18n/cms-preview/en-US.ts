import type { CmsPreviewDictionary } from './types'

const cms: CmsPreviewDictionary = {
  preview: {
    mark: 'Preview',
    hint: 'This is an unpublished draft, for review only',
    invalid: 'The preview link is not valid or has expired; this is what is published',
  },
}
export default cms
