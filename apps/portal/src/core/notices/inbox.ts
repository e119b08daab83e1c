import { wire, type Notice, type NoticeTarget, type RoutePath } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { request } from '../http/request'
import { innerJump } from '../links/jump'
import { openRoute } from '../navigation'
import { getToken } from '../session'

/**
 * The notices inbox (packages/users/notices) and the unread badge of My account. The gateway lists
 * the kinds the user left on (push settings) and the security notices, newest first. `status`
 * says whether the list on screen is the server's ('ready'), still coming, or could not be read.
 */
export interface InboxState {
  notices: Notice[]
  unread: number
  status: 'idle' | 'loading' | 'ready' | 'failed'
}

export const inboxStore = createStore<InboxState>(() => ({ notices: [], unread: 0, status: 'idle' }))

/** Reads the inbox (also the badge's count); a visitor has none. */
export async function loadInbox(): Promise<void> {
  if (!getToken()) {
    inboxStore.setState({ notices: [], unread: 0, status: 'idle' })
    return
  }
  if (inboxStore.getState().status !== 'ready') inboxStore.setState({ status: 'loading' })
  const list = await request(wire.noticeList, undefined, { needShowToast: false })
  if (list) inboxStore.setState({ notices: list.notices, unread: list.unread, status: 'ready' })
  else if (inboxStore.getState().status !== 'ready') inboxStore.setState({ status: 'failed' })
}

/** Marks one notice read (opening it); nothing is asked for one already read. */
export async function readNotice(id: string): Promise<void> {
  const { notices } = inboxStore.getState()
  if (!notices.some((n) => n.id === id && !n.read)) return
  const answer = await request(wire.noticeRead, { id })
  if (answer) inboxStore.setState((s) => ({ unread: answer.unread, notices: s.notices.map((n) => (n.id === id ? { ...n, read: true } : n)) }))
}

/** Marks every notice read. */
export async function readAllNotices(): Promise<void> {
  const answer = await request(wire.noticeRead, {})
  if (answer) inboxStore.setState((s) => ({ unread: answer.unread, notices: s.notices.map((n) => ({ ...n, read: true })) }))
}

/** Follows a notice's link: a portal route, or an inner jump to the provider's older pages. */
export async function openNoticeTarget(target: NoticeTarget): Promise<void> {
  if (target.type === 'route') await openRoute(target.path as RoutePath)
  else await innerJump(target.dest)
}
