import type { ArticleSummary, InformationTree } from '@ess/contract/wire'

/** A help category of the information tree (kind 'help'): its questions are articles. */
export type HelpCategory = InformationTree[number]

/** A question found by the search, with the category it belongs to. */
export interface HelpHit {
  question: ArticleSummary
  category: { code: string; name: string }
}

/**
 * Folds a text for matching: Unicode compatibility form (full-width letters and digits, as a
 * Chinese keyboard types them, become the usual ones), lower case, one space between words, and
 * the question and full stops of both scripts ignored.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[?？.。!！,，、:：;；"“”'‘’()（）]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The help search, over the tree already on screen (in the user's language; the tree is answered
 * in it, so Chinese and English each search their own texts). Every word of the query (words are
 * separated by spaces; a Chinese query without spaces is one word, matched as a substring) must
 * appear in the question, its short answer or its category's name. Questions whose title holds
 * the words come first, then the others, each group in the tree's order. An empty query finds nothing.
 */
export function searchHelp(categories: readonly HelpCategory[], query: string): HelpHit[] {
  const words = fold(query).split(' ').filter(Boolean)
  if (!words.length) return []
  const inTitle: HelpHit[] = []
  const elsewhere: HelpHit[] = []
  for (const category of categories) {
    const name = fold(category.name)
    for (const question of category.articles) {
      const title = fold(question.title)
      const haystack = `${title} ${fold(question.summary)} ${name}`
      if (!words.every((word) => haystack.includes(word))) continue
      const hit = { question, category: { code: category.code, name: category.name } }
      if (words.every((word) => title.includes(word))) inTitle.push(hit)
      else elsewhere.push(hit)
    }
  }
  return [...inTitle, ...elsewhere]
}

/** Where a question sits: its category and the other questions of it (for "related questions"). */
export function questionContext(categories: readonly HelpCategory[], id: string): { category: HelpCategory; others: ArticleSummary[] } | undefined {
  const category = categories.find((c) => c.articles.some((a) => a.id === id))
  return category && { category, others: category.articles.filter((a) => a.id !== id) }
}
