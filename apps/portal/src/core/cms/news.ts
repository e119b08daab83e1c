import { ROUTE_PATHS, wire, type Article, type InformationKind, type InformationTree, type Locale } from '@ess/contract/wire'
import { getLocale } from '../../i18n/store'
import { request } from '../http/request'

/** The information tree (news categories and the service guide) in the current language. */
export function loadInformationTree(): Promise<InformationTree | undefined> {
  return request(wire.informationTree)
}

/** The article asked for at launch (prefetchLaunchArticle), kept for the first ask of the page. */
let launched: { id: string; locale: Locale; answer: Promise<Article | undefined> } | null = null

/**
 * An article; undefined when it cannot be read (refusals are toasted), nothing is asked without an
 * id. The first ask after a launch at an article takes the answer asked for at launch, in the same
 * language; every later ask reads it anew.
 */
export function loadArticle(id: string): Promise<Article | undefined> {
  if (!id) return Promise.resolve(undefined)
  const early = launched
  launched = null
  if (early && early.id === id && early.locale === getLocale()) return early.answer
  return request(wire.informationDetail, { id })
}

/** The routes that show the article of their `id` parameter. */
const ARTICLE_ROUTES: ReadonlySet<string> = new Set([ROUTE_PATHS.newsDetail, ROUTE_PATHS.helpMore])

/**
 * Called at start with the route the app opens at and its parameters: a launch at an article asks
 * for it at once, beside the loading of the page's own code, instead of after its first render (the
 * article, often with a picture, is what such a launch shows first).
 */
export function prefetchLaunchArticle(route: string, query: Readonly<Record<string, string>>): void {
  const id = query.id
  launched = ARTICLE_ROUTES.has(route) && id ? { id, locale: getLocale(), answer: request(wire.informationDetail, { id }) } : null
}

/** The categories a page shows: the service guide ('guide'), the news ones, or the help center's. */
export function categoriesOf(tree: InformationTree, kind: InformationKind) {
  return tree.filter((c) => c.kind === kind)
}
