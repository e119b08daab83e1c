import { DOWNLOAD_LINK_RELEASE_MS } from '@ess/contract/wire'

/**
 * Hands a file made in the browser to the user as a download. The object URL is released after
 * SPEC §9's 40 s, not at once: released in the same task as the click, Chromium may cancel the
 * download before it has read the blob (the audit export came to nothing that way).
 */
export function saveFile(blob: Blob, name: string) {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(link.href), DOWNLOAD_LINK_RELEASE_MS)
}
