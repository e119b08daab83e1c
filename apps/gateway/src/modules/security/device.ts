import { isIP } from 'node:net'
import type { DeviceType, Locale } from '@ess/contract'
import IP2Region from 'ip2region'
import UAParser from 'ua-parser-js'

/**
 * What the devices screen and the notices say about where a login or an event came from: the
 * device and browser read from the User-Agent (a hint the client sends, never trusted for any
 * decision), the `_c` client type, the address masked, and an approximate place (`placeOf`).
 */
export interface DeviceInfo {
  client: string
  deviceType: DeviceType
  deviceName: string | null
  browser: string | null
  ip: string
  place: string | null
}

const named = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ') || null

export function describeDevice(row: { client: string; userAgent: string; ip: string }, locale: Locale): DeviceInfo {
  const ua = row.userAgent ? new UAParser(row.userAgent).getResult() : undefined
  const wechat = ua?.browser.name === 'WeChat'
  const deviceType: DeviceType =
    row.client === 'weapp'
      ? 'miniProgram'
      : row.client === 'ios' || row.client === 'android'
        ? 'app'
        : !ua
          ? 'unknown'
          : ua.device.type === 'mobile'
            ? 'mobile'
            : ua.device.type === 'tablet'
              ? 'tablet'
              : 'desktop'
  return {
    client: row.client,
    deviceType,
    deviceName: ua ? named(ua.device.vendor, ua.device.model) ?? named(ua.os.name, ua.os.version) : null,
    browser: ua ? named(wechat ? 'WeChat' : ua.browser.name, ua.browser.major) : null,
    ip: maskIp(row.ip),
    place: placeOf(row.ip, locale),
  }
}

/** 203.0.113.* / 2001:db8:85a3:* : enough for the user to recognise a network, not to single out a line. */
export function maskIp(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '')
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.*`
  if (isIP(ip) === 6) return `${ip.split(':').slice(0, 3).join(':')}:*`
  return '*'
}

const LOCAL = { 'zh-CN': '本机或局域网', 'en-US': 'This computer or local network' } as const
const ABROAD = 'Outside the Chinese mainland'

/** Provinces and regions as ip2region names them, in English. */
const PROVINCES_EN: Record<string, string> = {
  北京: 'Beijing', 天津: 'Tianjin', 上海: 'Shanghai', 重庆: 'Chongqing', 河北: 'Hebei', 山西: 'Shanxi', 辽宁: 'Liaoning',
  吉林: 'Jilin', 黑龙江: 'Heilongjiang', 江苏: 'Jiangsu', 浙江: 'Zhejiang', 安徽: 'Anhui', 福建: 'Fujian', 江西: 'Jiangxi',
  山东: 'Shandong', 河南: 'Henan', 湖北: 'Hubei', 湖南: 'Hunan', 广东: 'Guangdong', 海南: 'Hainan', 四川: 'Sichuan',
  贵州: 'Guizhou', 云南: 'Yunnan', 陕西: 'Shaanxi', 甘肃: 'Gansu', 青海: 'Qinghai', 台湾: 'Taiwan', 内蒙古: 'Inner Mongolia',
  广西: 'Guangxi', 西藏: 'Tibet', 宁夏: 'Ningxia', 新疆: 'Xinjiang', 香港: 'Hong Kong', 澳门: 'Macao',
}
const provinceKey = (province: string) => province.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '')

let regions: IP2Region | undefined

/**
 * The place of an address. Loopback and private (RFC 1918, unique-local, link-local) addresses are
 * the local network; public ones are looked up in ip2region's offline database (shipped in the npm
 * package, loaded on first use, ~11 MB; no address leaves the gateway): province and city in
 * Chinese, the province in English, and abroad the country (in English only "outside the
 * mainland": the database names countries in Chinese). Null when unknown.
 */
export function placeOf(ip: string, locale: Locale): string | null {
  const v4 = ip.replace(/^::ffff:/, '')
  const version = isIP(v4) === 4 ? 4 : isIP(ip) === 6 ? 6 : 0
  if (!version) return null
  const local = version === 4 ? /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) : /^(::1$|f[cd]|fe[89ab])/i.test(ip)
  if (local) return LOCAL[locale]
  regions ??= new IP2Region()
  let found: { country: string; province: string; city: string } | null = null
  try {
    found = regions.search(version === 4 ? v4 : ip)
  } catch {
    return null
  }
  if (!found?.country) return null
  if (found.country !== '中国') return locale === 'zh-CN' ? found.country : ABROAD
  if (!found.province) return locale === 'zh-CN' ? '中国' : 'China'
  if (locale === 'zh-CN') return found.city && found.city !== found.province ? `${found.province}${found.city}` : found.province
  const province = PROVINCES_EN[provinceKey(found.province)]
  return province ? `${province}, China` : 'China'
}

/** One line for a notice: "Chrome on Windows", "iPhone (WeChat)", or the client type. */
export function deviceLabel(row: { client: string; userAgent?: string }, locale: Locale): string {
  const info = describeDevice({ client: row.client, userAgent: row.userAgent ?? '', ip: '' }, locale)
  const on = locale === 'zh-CN' ? '' : ' on '
  if (info.browser && info.deviceName) return locale === 'zh-CN' ? `${info.deviceName}（${info.browser}）` : `${info.browser}${on}${info.deviceName}`
  return info.deviceName ?? info.browser ?? (row.client || (locale === 'zh-CN' ? '未知设备' : 'an unknown device'))
}
