import type { Media } from '@ess/contract'
import { api, unwrap } from '../../../api/client'

/**
 * Uploads an image through the console's media call (multipart field `file`). The gateway sniffs
 * the type from the bytes, limits size and dimensions and answers where the image is served.
 */
export function uploadImage(file: Blob, name = 'image'): Promise<Media> {
  const form = new FormData()
  form.append('file', file, name)
  return unwrap(api.POST('/app/console/cms/media', { body: form as never, bodySerializer: (body: unknown) => body as FormData })) as Promise<Media>
}
