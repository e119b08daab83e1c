/** An image URL of the gateway as the page loads it: absolute where the pages are not served by the gateway (mini-program). */
export function mediaUrl(url: string): string {
  return /^https?:/i.test(url) ? url : `${ESS_API_BASE}${url}`
}
