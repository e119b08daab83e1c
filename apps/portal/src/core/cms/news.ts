import { wire, type Article, type InformationKind, type InformationTree } from '@ess/contract/wire'
import { request } from '../http/request'

/** The information tree (news categories and the service guide) in the current language. */
export function loadInformationTree(): Promise<InformationTree | undefined> {
  return request(wire.informationTree)
}

/** An article; undefined when it cannot be read (refusals are toasted), nothing is asked without an id. */
export async function loadArticle(id: string): Promise<Article | undefined> {
  if (!id) return undefined
  return request(wire.informationDetail, { id })
}

/** The categories a page shows: the service guide ('guide'), the news ones, or the help center's. */
export function categoriesOf(tree: InformationTree, kind: InformationKind) {
  return tree.filter((c) => c.kind === kind)
}
