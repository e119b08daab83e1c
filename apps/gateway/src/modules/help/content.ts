import type { Locale, ServiceRegion } from '@ess/contract'

/**
 * The customer-service contacts (packages/users/service/*): the service hours and email, and the
 * provider's regional desks, in both languages. The national hotline is the gateway's configured
 * SERVICE_PHONE (the number the agreements and the "account abnormal" dialog give).
 */
type Text = Record<Locale, string>
const tx = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en })

export const SERVICE_HOURS = tx('周一至周五 9:00–18:00（法定节假日除外）', 'Mon–Fri 9:00–18:00 (China time), closed on public holidays')
export const SERVICE_EMAIL = 'service@ess-portal.example.com'

interface RegionSeed {
  code: string
  name: Text
  covers: Text
  phone: string
  email: string
  hours: Text
  address: Text
}

const WEEKDAYS = tx('周一至周五 9:00–17:30', 'Mon–Fri 9:00–17:30')

export const SERVICE_REGIONS: RegionSeed[] = [
  {
    code: 'north',
    name: tx('华北服务中心', 'North China desk'),
    covers: tx('北京、天津、河北、山东', 'Beijing, Tianjin, Hebei, Shandong'),
    phone: '010-8526-3300',
    email: 'north.service@ess-portal.example.com',
    hours: WEEKDAYS,
    address: tx('北京市朝阳区建国路88号 12层', '12F, 88 Jianguo Road, Chaoyang, Beijing'),
  },
  {
    code: 'east',
    name: tx('华东服务中心', 'East China desk'),
    covers: tx('上海、江苏、浙江、安徽', 'Shanghai, Jiangsu, Zhejiang, Anhui'),
    phone: '021-6288-5100',
    email: 'east.service@ess-portal.example.com',
    hours: WEEKDAYS,
    address: tx('上海市静安区南京西路1266号 25层', '25F, 1266 West Nanjing Road, Jing’an, Shanghai'),
  },
  {
    code: 'south',
    name: tx('华南服务中心', 'South China desk'),
    covers: tx('广东、广西、福建、海南', 'Guangdong, Guangxi, Fujian, Hainan'),
    phone: '020-3868-7200',
    email: 'south.service@ess-portal.example.com',
    hours: WEEKDAYS,
    address: tx('广州市天河区珠江新城花城大道20号 18层', '18F, 20 Huacheng Avenue, Tianhe, Guangzhou'),
  },
  {
    code: 'west',
    name: tx('西部服务中心', 'West China desk'),
    covers: tx('四川、重庆、陕西、云南', 'Sichuan, Chongqing, Shaanxi, Yunnan'),
    phone: '028-8665-4400',
    email: 'west.service@ess-portal.example.com',
    hours: WEEKDAYS,
    address: tx('成都市高新区天府大道北段966号 9层', '9F, 966 North Tianfu Avenue, Hi-tech Zone, Chengdu'),
  },
]

export function regionsIn(locale: Locale): ServiceRegion[] {
  return SERVICE_REGIONS.map((r) => ({ code: r.code, name: r.name[locale], covers: r.covers[locale], phone: r.phone, email: r.email, hours: r.hours[locale], address: r.address[locale] }))
}
