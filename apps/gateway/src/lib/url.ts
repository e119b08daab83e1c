/** The path of a request URL, without the query. */
export function pathOf(url: string): string {
  const q = url.indexOf('?')
  return q < 0 ? url : url.slice(0, q)
}

/** The raw query string of a request URL, without "?". */
export function queryOf(url: string): string {
  const q = url.indexOf('?')
  return q < 0 ? '' : url.slice(q + 1)
}

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`)

/** Paths answered by the gateway itself (API, docs, pages, dev tools), never by the static portal. */
export function isApiPath(path: string): boolean {
  return under(path, '/app') || under(path, '/dev') || under(path, '/open')
}
