import type { Floor, FloorComponent, LinkItem, RuleMessageKey } from '@ess/contract'
import { httpsIssue, linkIssue, miniLinkIssue } from '@ess/contract'

/**
 * The editor's model of a page's draft: the same floors in both languages, side by side. Anything
 * but a text (kinds, order, images, links, visibility) is one value written into both languages;
 * a text is written into its own language. Every change makes new lists (React state).
 */
export type Lang = 'zh' | 'en'
export interface DraftFloors {
  zh: Floor[]
  en: Floor[]
}
export type FloorOf<K extends FloorComponent> = Extract<Floor, { component: K }>

/** The kinds an operator adds, in the order the menu lists them. */
export const FLOOR_KINDS = ['banner', 'notice', 'grid', 'news', 'float'] as const satisfies readonly FloorComponent[]

/** A fresh id like `banner-3`, unused among `taken`. */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  for (let n = 1; ; n++) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`
}

export function newLinkItem(id: string, link = 'service'): LinkItem {
  return { id, name: '', icon: null, link, miniLink: null, appLink: null, loginRequired: false, authenticationRequired: false, external: 0, CPAppId: '', CPAuthType: '', needOpenId: 0, badge: null }
}

const emptyImage = () => ({ url: '', width: 690, height: 300 })

/** A new floor of a kind: its first entry empty, to be filled in. */
export function newFloor(kind: FloorComponent, id: string): Floor {
  switch (kind) {
    case 'banner':
      return { id, sort: 0, component: 'banner', slides: [{ image: emptyImage(), title: '', item: null }] }
    case 'notice':
      return { id, sort: 0, component: 'notice', messages: [{ text: '', item: null }] }
    case 'grid':
      return { id, sort: 0, component: 'grid', title: null, columns: 4, items: [newLinkItem(`${id}-1`)] }
    case 'news':
      return { id, sort: 0, component: 'news', title: '', more: newLinkItem(`${id}-more`, 'homeNews'), articles: [] }
    case 'float':
      return { id, sort: 0, component: 'float', icon: '', label: '', item: newLinkItem(`${id}-item`) }
  }
}

/** Ids of the floors and of every link item in them (link item ids are unique on a page too). */
export function usedIds(draft: DraftFloors): string[] {
  const ids: string[] = []
  for (const floor of draft.zh) {
    ids.push(floor.id)
    for (const item of linkItemsOf(floor)) ids.push(item.id)
  }
  return ids
}

function linkItemsOf(floor: Floor): LinkItem[] {
  switch (floor.component) {
    case 'banner':
      return floor.slides.flatMap((slide) => (slide.item ? [slide.item] : []))
    case 'notice':
      return floor.messages.flatMap((message) => (message.item ? [message.item] : []))
    case 'grid':
      return floor.items
    case 'news':
      return [floor.more]
    case 'float':
      return [floor.item]
  }
}

export function addFloor(draft: DraftFloors, kind: FloorComponent): DraftFloors {
  const floor = newFloor(kind, freshId(kind, usedIds(draft)))
  return { zh: [...draft.zh, floor], en: [...draft.en, structuredClone(floor)] }
}

export function removeFloor(draft: DraftFloors, index: number): DraftFloors {
  return { zh: draft.zh.filter((_, i) => i !== index), en: draft.en.filter((_, i) => i !== index) }
}

/** Moves an entry of a list from one place to another (dnd-kit's arrayMove, without the import). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

export function moveFloor(draft: DraftFloors, from: number, to: number): DraftFloors {
  return { zh: move(draft.zh, from, to), en: move(draft.en, from, to) }
}

/** A change of what both languages share: applied to a copy of the floor in each language. */
export function updateShared(draft: DraftFloors, index: number, change: (floor: Floor) => void): DraftFloors {
  const apply = (floors: Floor[]) =>
    floors.map((floor, i) => {
      if (i !== index) return floor
      const copy = structuredClone(floor)
      change(copy)
      return copy
    })
  return { zh: apply(draft.zh), en: apply(draft.en) }
}

/** A change of one language's texts. */
export function updateText(draft: DraftFloors, lang: Lang, index: number, change: (floor: Floor) => void): DraftFloors {
  const floors = draft[lang].map((floor, i) => {
    if (i !== index) return floor
    const copy = structuredClone(floor)
    change(copy)
    return copy
  })
  return { ...draft, [lang]: floors }
}

/** The draft as the save call takes it: the list's order is the order (sort 10, 20, …). */
export function draftInput(draft: DraftFloors): { floorsZh: Floor[]; floorsEn: Floor[] } {
  const sorted = (floors: Floor[]) => floors.map((floor, i) => ({ ...floor, sort: (i + 1) * 10 }))
  return { floorsZh: sorted(draft.zh), floorsEn: sorted(draft.en) }
}

/** Who sees a link item's tap through: anyone, signed-in users, or verified (real-name) users. */
export type Visibility = 'visitor' | 'signedIn' | 'verified'
export const visibilityOf = (item: Pick<LinkItem, 'loginRequired' | 'authenticationRequired'>): Visibility =>
  item.authenticationRequired ? 'verified' : item.loginRequired ? 'signedIn' : 'visitor'
export function setVisibility(item: LinkItem, visibility: Visibility) {
  item.loginRequired = visibility !== 'visitor'
  item.authenticationRequired = visibility === 'verified'
}

/**
 * The link rules of the contract (console/links.ts) checked as the operator types, per field, so
 * the error shows before the save; the gateway checks them again.
 */
export function linkItemIssues(item: LinkItem): Partial<Record<'link' | 'miniLink' | 'appLink' | 'external', RuleMessageKey>> {
  const issues: Partial<Record<'link' | 'miniLink' | 'appLink' | 'external', RuleMessageKey>> = {}
  const link = item.link.trim()
  if (!link) issues.link = 'field.required'
  else {
    const issue = linkIssue(link)
    if (issue) issues.link = issue
  }
  if (item.miniLink) {
    const issue = miniLinkIssue(item.miniLink)
    if (issue) issues.miniLink = issue
  }
  if (item.appLink) {
    const issue = httpsIssue(item.appLink)
    if (issue) issues.appLink = issue
  }
  if ((item.external === 1 || item.needOpenId === 1) && !link.startsWith('https://')) issues.external = 'link.externalNeedsHttps'
  return issues
}

/** Whether two drafts hold the same floors (the editor's "unsaved changes"). */
export const sameDraft = (a: DraftFloors, b: DraftFloors) => JSON.stringify(draftInput(a)) === JSON.stringify(draftInput(b))
