/**
 * `@tarojs/taro` in unit tests: the H5 API implementation (GUIDE §2 alias), with
 * - the named APIs also on the default object, as babel-plugin-transform-taroapi makes them in the
 *   build, so `Taro.showToast(…)` works and `vi.spyOn(Taro, 'showToast')` can replace one API;
 * - the page lifecycle hooks, which the build injects from the React framework plugin, as plain
 *   React equivalents (a page is shown when it mounts; no router, no pull-down).
 */
import Taro from '@tarojs/plugin-platform-h5/dist/runtime/apis'
import * as apis from '@tarojs/plugin-platform-h5/dist/runtime/apis'
import { useEffect, useRef } from 'react'

export * from '@tarojs/plugin-platform-h5/dist/runtime/apis'

export function useDidShow(fn: () => void): void {
  const ref = useRef(fn)
  ref.current = fn
  useEffect(() => ref.current(), [])
}
export const useDidHide = (_fn: () => void): void => undefined
export const usePageNotFound = (_fn: (res: unknown) => void): void => undefined
export const usePullDownRefresh = (_fn: () => void): void => undefined
export const useLoad = useDidShow
export const useUnload = (_fn: () => void): void => undefined
export const useRouter = () => ({ params: {} as Record<string, string>, path: '' })

const target = Taro as unknown as Record<string, unknown>
for (const [name, value] of Object.entries(apis)) {
  if (name !== 'default' && !(name in target)) target[name] = value
}
Object.assign(target, { useDidShow, useDidHide, usePageNotFound, usePullDownRefresh, useLoad, useUnload, useRouter })

export default Taro
