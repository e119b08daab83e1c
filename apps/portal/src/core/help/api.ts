import { wire, type HelpVote } from '@ess/contract/wire'
import { categoriesOf, loadInformationTree } from '../cms/news'
import { request } from '../http/request'
import { toast } from '../toast'
import type { HelpCategory } from './search'
import { textsNow } from '../../i18n/domain'
import { helpTexts } from '../../i18n/help'

/**
 * The help center (packages/users/help) and the customer-service contacts (packages/users/service):
 * the help categories of the CMS information tree, "was this helpful?" and the contacts.
 */

/** The help categories in the current language; undefined when the tree cannot be read. */
export async function loadHelpCategories(): Promise<HelpCategory[] | undefined> {
  const tree = await loadInformationTree()
  return tree && categoriesOf(tree, 'help')
}

/** The caller's vote on a question (as the user when logged in, else the device). */
export function loadHelpVote(informationId: string): Promise<HelpVote | undefined> {
  return request(wire.helpVote, { informationId }, { needShowToast: false })
}

/** Votes on a question (a second vote replaces the first); thanks the user, or says it failed. */
export async function sendHelpVote(informationId: string, helpful: boolean): Promise<HelpVote | undefined> {
  const saved = await request(wire.helpFeedback, { informationId, helpful })
  if (saved) toast(textsNow(helpTexts).help.thanks)
  return saved
}

export const loadServiceContacts = () => request(wire.serviceContacts)
