/**
 * `compute` remembered by its text argument, for header values a gateway sees over and over
 * (`accept-language`, `accept-encoding`: browsers send a handful of distinct texts). Bounded: past
 * `limit` texts everything is forgotten at once, so a client sending ever new texts costs memory
 * for at most `limit` of them.
 */
export function memoByText<T>(compute: (text: string) => T, limit = 256): (text: string) => T {
  const known = new Map<string, T>()
  return (text) => {
    if (known.has(text)) return known.get(text) as T
    if (known.size >= limit) known.clear()
    const value = compute(text)
    known.set(text, value)
    return value
  }
}
