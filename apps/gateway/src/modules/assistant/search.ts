import type { ArticleBlock, AssistantQuestionRef, Locale } from '@ess/contract'
import { HELP_CATEGORIES } from '../cms/help-content'

/**
 * The micro-assistant's answers: a search (not a language model) over the help center's questions
 * and answers (cms/help-content.ts), in both languages. Chinese is matched by character bigrams of
 * the runs between function characters (a lone character counts as a unigram), English by word
 * stems without stop words. A question's terms are weighted by their rarity (idf); a help question
 * scores each term by the strongest field holding it (title 3, short answer 2, body 1). It answers
 * when the best question covers enough of the asked terms; otherwise it says it did not understand.
 */

const CJK_CHAR = /[\u3400-\u9fff\uf900-\ufaff]/
/** Function characters that split Chinese runs ("怎么", "如何", "吗", "的"…): they carry no topic. */
const CJK_STOP = new Set([...'怎么如何什为吗呢的了我你您请问是吧啊呀哪些该会想得地着和与或及'])
const EN_STOP = new Set(
  'a an the i me my mine we our you your it its is are was were be been am do does did doing can could should would will shall may might must have has had to of for in on at by with from into about as and or but not no so if then than this that these those there here what which who whom whose why how when where now just also get got any some'.split(' '),
)

const stem = (word: string) => {
  if (word.length <= 4) return word
  for (const suffix of ['ings', 'ing', 'ed', 'es', 's', 'e']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length)
  }
  return word
}

/** The search terms of a text: Chinese bigrams (a lone character as itself) and English stems. */
export function termsOf(text: string): string[] {
  const terms: string[] = []
  const lower = text.toLowerCase()
  let run = ''
  const flushRun = () => {
    if (run.length === 1) terms.push(run)
    for (let i = 0; i + 1 < run.length; i++) terms.push(run.slice(i, i + 2))
    run = ''
  }
  let word = ''
  const flushWord = () => {
    if (word && !EN_STOP.has(word)) terms.push(stem(word))
    word = ''
  }
  for (const char of lower) {
    if (CJK_CHAR.test(char)) {
      flushWord()
      if (CJK_STOP.has(char)) flushRun()
      else run += char
    } else if (/[a-z0-9]/.test(char)) {
      flushRun()
      word += char
    } else if (char === "'" || char === '’') {
      // "can't", "company's": keep the word whole up to the apostrophe.
      flushRun()
      flushWord()
    } else {
      flushRun()
      flushWord()
    }
  }
  flushRun()
  flushWord()
  return terms
}

interface Doc {
  id: string
  category: string
  title: string
  summary: string
  answer: string[]
  /** Each term's weight in this question: the strongest field it appears in. */
  weights: Map<string, number>
}

const FIELD_WEIGHT = { title: 3, summary: 2, body: 1 } as const

const blockTexts = (blocks: ArticleBlock[]): string[] =>
  blocks.flatMap((block) => (block.type === 'paragraph' || block.type === 'heading' ? [block.text] : block.type === 'list' ? block.items.map((item) => `• ${item}`) : []))

function buildDocs(locale: Locale): Doc[] {
  return HELP_CATEGORIES.flatMap((category) =>
    category.questions.map((q) => {
      const weights = new Map<string, number>()
      const add = (text: string, weight: number) => {
        for (const term of termsOf(text)) weights.set(term, Math.max(weights.get(term) ?? 0, weight))
      }
      const answer = blockTexts(q.blocks[locale])
      add(answer.join(' '), FIELD_WEIGHT.body)
      add(q.summary[locale], FIELD_WEIGHT.summary)
      add(q.title[locale], FIELD_WEIGHT.title)
      return { id: q.id, category: category.code, title: q.title[locale], summary: q.summary[locale], answer, weights }
    }),
  )
}

interface Index {
  docs: Doc[]
  idf: (term: string) => number
  known: (term: string) => boolean
}

function buildIndex(locale: Locale): Index {
  const docs = buildDocs(locale)
  const df = new Map<string, number>()
  for (const doc of docs) for (const term of doc.weights.keys()) df.set(term, (df.get(term) ?? 0) + 1)
  const n = docs.length
  return { docs, idf: (term) => Math.log(1 + n / ((df.get(term) ?? 0) + 0.5)), known: (term) => df.has(term) }
}

const INDEXES: Record<Locale, Index> = { 'zh-CN': buildIndex('zh-CN'), 'en-US': buildIndex('en-US') }

const UNKNOWN_BIGRAM_WEIGHT = 0.3
/** The share of the asked terms' weight a question must hold for an answer. */
export const MATCH_COVERAGE = 0.45
/** Questions holding at least this share are offered as related. */
const RELATED_COVERAGE = 0.15
const RELATED_COUNT = 3

export interface SearchResult {
  best: { id: string; title: string; answer: string[] } | null
  related: AssistantQuestionRef[]
}

interface Scored {
  doc: Doc
  coverage: number
  score: number
}

/** Scores every help question against the asked text, in the index of the language it is written in. */
function rank(question: string, locale: Locale): Scored[] {
  // The language of the question picks the index it is matched in; the answer is given in the
  // page's language (a question has both).
  const matchLocale: Locale = CJK_CHAR.test(question) ? 'zh-CN' : 'en-US'
  const index = INDEXES[matchLocale]
  const asked = [...new Set(termsOf(question))]
  // A Chinese bigram no question has is mostly a seam between two words ("密码忘了" → "码忘"): it
  // counts for little. An unknown English word is a topic the help center does not cover: in full.
  const askedWeight = (term: string) => (index.known(term) || !CJK_CHAR.test(term) ? 1 : UNKNOWN_BIGRAM_WEIGHT) * index.idf(term)
  const total = asked.reduce((sum, term) => sum + askedWeight(term), 0)
  if (!total) return []
  const shown = INDEXES[locale].docs
  return index.docs
    .map((doc, i) => {
      let covered = 0
      let score = 0
      for (const term of asked) {
        const weight = doc.weights.get(term)
        if (!weight) continue
        covered += index.idf(term)
        score += index.idf(term) * weight
      }
      return { doc: shown[i], coverage: covered / total, score }
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.coverage - a.coverage || b.score - a.score)
}

/** Asking for a person is not a help question: the answer is the hotline ("talk to a person"). */
const WANTS_PERSON = /人工|真人|热线|转接|\bhuman\b|real person|\bagent\b|hotline/i

export function searchHelp(question: string, locale: Locale): SearchResult {
  if (WANTS_PERSON.test(question)) return { best: null, related: [] }
  const ranked = rank(question, locale)
  const top = ranked[0]
  const best = top && top.coverage >= MATCH_COVERAGE ? top.doc : null
  const ref = (doc: Doc): AssistantQuestionRef => ({ id: doc.id, title: doc.title })
  const related = ranked
    .filter((s) => s.doc !== best && s.coverage >= RELATED_COVERAGE)
    .slice(0, RELATED_COUNT)
    .map((s) => ref(s.doc))
  if (best && related.length < RELATED_COUNT) {
    // Fill from the answer's own topic.
    for (const doc of INDEXES[locale].docs) {
      if (related.length >= RELATED_COUNT) break
      if (doc.category === best.category && doc !== best && !related.some((r) => r.id === doc.id)) related.push(ref(doc))
    }
  }
  return { best: best ? { id: best.id, title: best.title, answer: best.answer.length ? best.answer : [best.summary] } : null, related }
}

/** The entry's suggested questions: the first question of each help topic. */
export function suggestedQuestions(locale: Locale): AssistantQuestionRef[] {
  return HELP_CATEGORIES.map((category) => {
    const q = category.questions[0]
    return { id: q.id, title: q.title[locale] }
  })
}
