/** Texts of the CMS pages' preview (a draft opened from the console's preview link). */
export interface CmsPreviewDictionary {
  preview: {
    mark: string
    hint: string
    invalid: string
  }
}
