import Taro from '@tarojs/taro'
import type { NavBarMetrics, SystemAdapter } from '../types'

/** Status bar and capsule-button geometry, measured once. */
function measure(): NavBarMetrics {
  try {
    const info = Taro.getWindowInfo ? Taro.getWindowInfo() : Taro.getSystemInfoSync()
    const statusBarHeight = info.statusBarHeight ?? 20
    const capsule = Taro.getMenuButtonBoundingClientRect()
    const gap = Math.max(capsule.top - statusBarHeight, 4)
    return {
      statusBarHeight,
      navBarHeight: capsule.height + gap * 2,
      rightInset: info.windowWidth - capsule.left + 8,
    }
  } catch {
    return { statusBarHeight: 20, navBarHeight: 44, rightInset: 96 }
  }
}

export function createMiniSystem(): SystemAdapter {
  let metrics: NavBarMetrics | null = null
  return {
    clientType: () => 'weapp',
    navBarMetrics: () => (metrics ??= measure()),
    setDocumentLocale: () => undefined,
    async chooseImage() {
      const picked = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] }).catch(() => null)
      const filePath = picked?.tempFilePaths[0]
      return filePath ? { name: 'file', filePath, fileName: filePath.split('/').pop() } : null
    },
    async wechatLoginCode() {
      const result = await Taro.login().catch(() => null)
      return result?.code || null
    },
    requestSubscribeMessage(templateIds) {
      const asked = Taro.requestSubscribeMessage({ tmplIds: templateIds } as Parameters<typeof Taro.requestSubscribeMessage>[0]) as Promise<Record<string, unknown>>
      return asked.then(
        (result) => Object.fromEntries(templateIds.map((id) => [id, String(result?.[id] ?? 'reject')])),
        () => null,
      )
    },
    makePhoneCall(phone) {
      Taro.makePhoneCall({ phoneNumber: phone }).catch(() => undefined)
    },
    launchQuery() {
      try {
        const query = Taro.getLaunchOptionsSync().query as Record<string, unknown>
        return Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]))
      } catch {
        return {}
      }
    },
    launchRoute() {
      try {
        return Taro.getLaunchOptionsSync().path.replace(/^\//, '')
      } catch {
        return ''
      }
    },
    // The mini-program's pages come with the package: nothing is carried by a host page.
    launchData: () => null,
    leaveTo: () => false,
    async openMiniProgram({ appId, path }) {
      const opened = await Taro.navigateToMiniProgram({ appId, path, envVersion: 'release' }).catch(() => null)
      return opened !== null
    },
    async saveFile(req) {
      const result = await Taro.downloadFile({ url: req.url, header: req.headers, timeout: req.timeoutMs })
      if (result.statusCode !== 200) throw Object.assign(new Error(`download ${result.statusCode}`), { status: result.statusCode })
      const fileType = req.fileName.endsWith('.pdf') ? 'pdf' : undefined
      if (fileType) await Taro.openDocument({ filePath: result.tempFilePath, fileType, showMenu: true })
      else await Taro.saveFile({ tempFilePath: result.tempFilePath })
    },
  }
}
