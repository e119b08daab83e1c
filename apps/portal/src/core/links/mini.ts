import { MINI_LINK_PATTERN, type MiniProgramId } from '@ess/contract/wire'

/** Another WeChat mini-program to open (wx.navigateToMiniProgram). */
export interface MiniProgramTarget {
  id: MiniProgramId
  appId: string
  /** The page in that mini-program with its query ('' for its home page). */
  path: string
}

/**
 * The mini-program a link item's `miniLink` opens (SPEC §3 mini-program ids; the form is the
 * contract's MINI_LINK_PATTERN, `mini:welfareMini/pages/mall/index?from=ess`), with its WeChat appId
 * from the build's configuration (`appIds`, by default ESS_MINI_PROGRAM_APPIDS: README "The
 * mini-program build"). Null when the link is not one, or this build has no appId for it.
 */
export function miniProgramTarget(miniLink: string | null | undefined, appIds: Partial<Record<MiniProgramId, string>> = ESS_MINI_PROGRAM_APPIDS): MiniProgramTarget | null {
  const match = miniLink ? MINI_LINK_PATTERN.exec(miniLink.trim()) : null
  if (!match) return null
  const id = match[1] as MiniProgramId
  const appId = appIds[id]
  if (!appId) return null
  const path = match[2] ?? ''
  return { id, appId, path: match[3] ? `${path}?${match[3]}` : path }
}
