import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_CP_APP_ID, DEFAULT_CP_AUTH_TYPE, type ArticleBlock, type Floor, type InformationKind, type LinkItem, type Locale } from '@ess/contract'
import { packageDir } from '../../paths'
import { HELP_CATEGORIES } from './help-content'

/**
 * The demo content of the home and services pages and the information tree, in both languages.
 * Images are files of apps/gateway/assets/cms served at /app/media/cms/<name>.<hash>.svg, the hash
 * being the start of the file's SHA-256: a changed image gets a new address, so the media route can
 * answer them as immutable.
 */
type Text = Record<Locale, string>
const tx = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en })

/** The shipped images, read once: address name (`<name>.<hash>.svg`) → bytes. */
export const MEDIA_FILES: ReadonlyMap<string, Buffer> = (() => {
  const dir = path.join(packageDir, 'assets/cms')
  const files = new Map<string, Buffer>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
    const bytes = readFileSync(path.join(dir, file))
    files.set(`${file.slice(0, -4)}.${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.svg`, bytes)
  }
  return files
})()
const hashedNames = new Map([...MEDIA_FILES.keys()].map((hashed) => [hashed.replace(/\.[0-9a-f]{12}\.svg$/, ''), hashed]))
export const media = (name: string) => {
  const hashed = hashedNames.get(name)
  if (!hashed) throw new Error(`no CMS image ${name}.svg in assets/cms`)
  return `/app/media/cms/${hashed}`
}
const banner = (name: string) => ({ url: media(name), width: 690, height: 300 })

interface ItemSeed {
  id: string
  name: Text
  icon: string
  link: string
  /** In the WeChat mini-program, a partner mini-program instead of `link` (contract MINI_LINK_PATTERN). */
  miniLink?: string
  loginRequired?: boolean
  authenticationRequired?: boolean
  external?: 0 | 1
  needOpenId?: 0 | 1
  badge?: Text
}

const ITEMS: Record<string, ItemSeed> = {
  payroll: { id: 'payroll', name: tx('工资条', 'Payslips'), icon: 'icon-payroll', link: 'inner:payment', loginRequired: true, authenticationRequired: true },
  socialInsurance: { id: 'socialInsurance', name: tx('社保查询', 'Social insurance'), icon: 'icon-insurance', link: 'inner:insurance', loginRequired: true, authenticationRequired: true },
  providentFund: { id: 'providentFund', name: tx('公积金', 'Housing fund'), icon: 'icon-housing-fund', link: 'inner:insurance', loginRequired: true, authenticationRequired: true },
  medClaims: { id: 'medClaims', name: tx('医疗理赔', 'Medical claims'), icon: 'icon-medical', link: 'inner:medClaims', loginRequired: true, authenticationRequired: true },
  checkUp: { id: 'checkUp', name: tx('体检预约', 'Health check-up'), icon: 'icon-checkup', link: 'inner:checkUp', loginRequired: true, authenticationRequired: true, badge: tx('新', 'New') },
  welfare: { id: 'welfare', name: tx('福利商城', 'Welfare mall'), icon: 'icon-welfare', link: 'https://welfare.example.com/mall', miniLink: 'mini:welfareMini/pages/mall/index?from=ess', loginRequired: true, external: 1, needOpenId: 1 },
  personalInfo: { id: 'personalInfo', name: tx('个人信息', 'Personal info'), icon: 'icon-account', link: '/pages/user-center/user-info/index', loginRequired: true },
  certificate: { id: 'certificate', name: tx('实名认证', 'Verify identity'), icon: 'icon-certificate', link: '/packages/auth/realNameAuthOption', loginRequired: true },
  news: { id: 'news', name: tx('资讯动态', 'News'), icon: 'icon-news', link: 'homeNews' },
  guide: { id: 'guide', name: tx('办事指南', 'Service guide'), icon: 'icon-guide', link: '/packages/news/service-guide/index' },
  allServices: { id: 'allServices', name: tx('全部服务', 'All services'), icon: 'icon-service', link: 'service' },
  customerService: { id: 'customerService', name: tx('在线客服', 'Online help'), icon: 'icon-service', link: '/packages/users/help/index' },
}

function item(key: keyof typeof ITEMS, locale: Locale): LinkItem {
  const s = ITEMS[key]
  return {
    id: s.id,
    name: s.name[locale],
    icon: media(s.icon),
    link: s.link,
    miniLink: s.miniLink ?? null,
    appLink: null,
    loginRequired: s.loginRequired ?? false,
    authenticationRequired: s.authenticationRequired ?? false,
    external: s.external ?? 0,
    CPAppId: DEFAULT_CP_APP_ID,
    CPAuthType: DEFAULT_CP_AUTH_TYPE,
    needOpenId: s.needOpenId ?? 0,
    badge: s.badge?.[locale] ?? null,
  }
}

/** Floors of a page in one language; stored per language by the seed. */
export const PAGES: Record<string, (locale: Locale, latest: Array<{ id: string; title: string; summary: string; cover: { url: string; width: number; height: number }; publishedAt: string }>) => Floor[]> = {
  homepage: (l, latest) => [
    {
      id: 'home-banner',
      sort: 10,
      component: 'banner',
      slides: [
        { image: banner('banner-payroll'), title: tx('11月工资条已发布', 'November payslips are out')[l], item: item('payroll', l) },
        { image: banner('banner-insurance'), title: tx('2026年度社保缴费基数调整', 'Social insurance bases for 2026')[l], item: { ...item('news', l), id: 'banner-news', link: '/packages/news/newsDetail?id=si-base-2026' } },
        { image: banner('banner-checkup'), title: tx('年度体检开始预约', 'Book your annual check-up')[l], item: item('checkUp', l) },
      ],
    },
    {
      id: 'home-notice',
      sort: 20,
      component: 'notice',
      messages: [
        { text: tx('11月工资将于11月28日发放，请留意银行到账信息', 'November pay arrives on 28 November; watch for your bank notice')[l], item: item('payroll', l) },
        { text: tx('公积金年度结息已完成，可登录查询', 'Annual housing fund interest has been credited')[l], item: item('providentFund', l) },
      ],
    },
    {
      id: 'home-grid',
      sort: 30,
      component: 'grid',
      title: tx('常用服务', 'Popular services')[l],
      columns: 4,
      items: (['payroll', 'socialInsurance', 'providentFund', 'medClaims', 'checkUp', 'welfare', 'guide', 'allServices'] as const).map((k) => item(k, l)),
    },
    { id: 'home-news', sort: 40, component: 'news', title: tx('资讯动态', 'News')[l], more: item('news', l), articles: latest.slice(0, 3) },
    { id: 'home-float', sort: 90, component: 'float', icon: media('icon-service'), label: tx('客服', 'Help')[l], item: item('customerService', l) },
  ],
  servicegrid: (l) => [
    { id: 'svc-pay', sort: 10, component: 'grid', title: tx('薪资个税', 'Pay and tax')[l], columns: 4, items: (['payroll', 'guide'] as const).map((k) => item(k, l)) },
    { id: 'svc-insurance', sort: 20, component: 'grid', title: tx('社保公积金', 'Social insurance and housing fund')[l], columns: 4, items: (['socialInsurance', 'providentFund'] as const).map((k) => item(k, l)) },
    { id: 'svc-health', sort: 30, component: 'grid', title: tx('健康医疗', 'Health')[l], columns: 4, items: (['medClaims', 'checkUp'] as const).map((k) => item(k, l)) },
    { id: 'svc-welfare', sort: 40, component: 'grid', title: tx('员工福利', 'Welfare')[l], columns: 4, items: (['welfare', 'news'] as const).map((k) => item(k, l)) },
    { id: 'svc-account', sort: 50, component: 'grid', title: tx('账户与帮助', 'Account and help')[l], columns: 4, items: (['personalInfo', 'certificate', 'customerService'] as const).map((k) => item(k, l)) },
  ],
}

export interface CategorySeed {
  code: string
  kind: InformationKind
  name: Text
  sort: number
}
export const CATEGORIES: CategorySeed[] = [
  { code: 'news', kind: 'news', name: tx('政策资讯', 'Policy news'), sort: 10 },
  { code: 'notice', kind: 'news', name: tx('服务公告', 'Service notices'), sort: 20 },
  { code: 'guide', kind: 'guide', name: tx('办事指南', 'Service guide'), sort: 30 },
  ...HELP_CATEGORIES.map((c, i) => ({ code: c.code, kind: 'help' as const, name: c.name, sort: 100 + 10 * i })),
]

export interface ArticleSeed {
  id: string
  categoryCode: string
  cover: string
  publishedAt: string
  source: Text
  title: Text
  summary: Text
  blocks: Record<Locale, ArticleBlock[]>
}

const p = (text: string): ArticleBlock => ({ type: 'paragraph', text })
const h = (text: string): ArticleBlock => ({ type: 'heading', text })
const list = (...items: string[]): ArticleBlock => ({ type: 'list', items })
const img = (name: string, caption: string | null = null): ArticleBlock => ({ type: 'image', image: banner(name), caption })
const provider = tx('员工服务中心', 'Employee Services Centre')

export const ARTICLES: ArticleSeed[] = [
  {
    id: 'si-base-2026',
    categoryCode: 'news',
    cover: 'banner-insurance',
    publishedAt: '2026-11-18T02:00:00.000Z',
    source: provider,
    title: tx('2026年度社保缴费基数调整说明', 'Social insurance contribution bases for 2026'),
    summary: tx('新年度缴费基数将于1月起执行，个人缴费金额可能随之变化。', 'New contribution bases apply from January; your share may change.'),
    blocks: {
      'zh-CN': [p('根据各地人社部门通知，2026年度社会保险缴费基数将于2026年1月起执行。'), img('banner-insurance'), h('对您的影响'), list('个人缴费金额按新基数计算，将体现在1月工资条中', '企业缴费部分由公司承担，不影响到手工资', '如对基数有疑问，可在"社保查询"中查看明细'), p('如需帮助，请联系在线客服。')],
      'en-US': [p('Following the local human-resources bureaus, the 2026 social insurance contribution bases apply from January 2026.'), img('banner-insurance'), h('What it means for you'), list('Your share is computed on the new base and shows on your January payslip', 'The employer share is paid by your company and does not change your take-home pay', 'See the details under "Social insurance"'), p('Questions? Ask our online help.')],
    },
  },
  {
    id: 'housing-fund-withdrawal',
    categoryCode: 'news',
    cover: 'news-housing-fund',
    publishedAt: '2026-11-10T02:00:00.000Z',
    source: provider,
    title: tx('公积金租房提取办理流程优化', 'Renting? Withdrawing your housing fund got simpler'),
    summary: tx('租房提取改为线上办理，材料减少，最快当日到账。', 'Rent withdrawals are now online, with fewer papers and same-day payment.'),
    blocks: {
      'zh-CN': [p('自12月起，租房提取公积金可全程线上办理。'), img('news-housing-fund'), h('办理条件'), list('本人及配偶在本市无自有住房', '连续足额缴存满3个月'), p('提交后1个工作日内审核，审核通过最快当日到账。')],
      'en-US': [p('From December, housing fund withdrawals for rent can be done fully online.'), img('news-housing-fund'), h('Who can apply'), list('You and your spouse own no home in the city', 'Contributions paid in full for 3 months in a row'), p('Applications are reviewed within one working day; money can arrive the same day.')],
    },
  },
  {
    id: 'annual-tax-settlement',
    categoryCode: 'news',
    cover: 'news-tax',
    publishedAt: '2026-11-03T02:00:00.000Z',
    source: provider,
    title: tx('个税专项附加扣除信息确认提醒', 'Confirm your special tax deductions'),
    summary: tx('请于12月31日前确认2027年度专项附加扣除信息。', 'Please confirm your 2027 special deductions by 31 December.'),
    blocks: {
      'zh-CN': [p('为保证2027年1月起工资个税计算准确，请在12月31日前完成专项附加扣除信息确认。'), img('news-tax'), list('子女教育、继续教育', '住房贷款利息或住房租金', '赡养老人、婴幼儿照护')],
      'en-US': [p('So that income tax on your pay is right from January 2027, confirm your special deductions by 31 December.'), img('news-tax'), list("Children's and continuing education", 'Mortgage interest or rent', 'Elderly parents and infant care')],
    },
  },
  {
    id: 'checkup-booking-open',
    categoryCode: 'notice',
    cover: 'banner-checkup',
    publishedAt: '2026-10-28T02:00:00.000Z',
    source: provider,
    title: tx('2026年度员工体检开放预约', 'Annual employee check-ups: booking is open'),
    summary: tx('全国200余家体检机构可选，预约后凭身份证到检。', 'Choose among 200+ clinics nationwide and bring your ID card on the day.'),
    blocks: {
      'zh-CN': [p('年度体检现已开放预约，请于12月20日前完成预约。'), img('banner-checkup'), h('注意事项'), list('体检前一天晚餐清淡，当日空腹', '携带本人身份证件'), p('体检报告将在检后7个工作日内推送。')],
      'en-US': [p('Annual check-ups are open for booking until 20 December.'), img('banner-checkup'), h('Before you go'), list('Eat lightly the evening before and fast that morning', 'Bring your ID card'), p('Your report arrives within 7 working days.')],
    },
  },
  {
    id: 'welfare-points',
    categoryCode: 'notice',
    cover: 'news-welfare',
    publishedAt: '2026-10-15T02:00:00.000Z',
    source: provider,
    title: tx('年末福利积分已发放', 'Year-end welfare points have arrived'),
    summary: tx('福利积分可在福利商城兑换商品与服务，有效期至次年6月。', 'Spend your points in the welfare mall until next June.'),
    blocks: {
      'zh-CN': [p('公司年末福利积分已发放至您的账户。'), img('news-welfare'), p('积分可在"福利商城"兑换生活用品、体检升级等服务。')],
      'en-US': [p('Your company has credited your year-end welfare points.'), img('news-welfare'), p('Exchange them in the welfare mall for goods and services such as check-up upgrades.')],
    },
  },
  {
    id: 'payroll-day',
    categoryCode: 'notice',
    cover: 'banner-payroll',
    publishedAt: '2026-10-05T02:00:00.000Z',
    source: provider,
    title: tx('工资条查看方式说明', 'How to read your payslip'),
    summary: tx('工资条包含应发、扣款与实发明细，支持按月查询。', 'Gross pay, deductions and net pay, month by month.'),
    blocks: {
      'zh-CN': [p('登录并完成实名认证后，可在"工资条"中按月查看明细。'), img('banner-payroll'), list('应发工资：基本工资、绩效、津贴', '扣款：社保、公积金个人部分及个税', '实发工资：到账金额')],
      'en-US': [p('Log in and verify your real name to see your payslips month by month.'), img('banner-payroll'), list('Gross pay: base, bonus, allowances', 'Deductions: your social insurance, housing fund and income tax', 'Net pay: what reaches your account')],
    },
  },
  {
    id: 'guide-medical-claim',
    categoryCode: 'guide',
    cover: 'banner-insurance',
    publishedAt: '2026-09-20T02:00:00.000Z',
    source: provider,
    title: tx('如何申请医疗理赔', 'How to claim medical expenses'),
    summary: tx('准备发票与病历，线上提交，进度实时可查。', 'Invoices and records, submitted online, tracked live.'),
    blocks: {
      'zh-CN': [h('准备材料'), list('医疗费用发票原件照片', '病历或诊断证明', '本人银行卡信息'), h('办理步骤'), list('进入"医疗理赔"，选择理赔类型', '上传材料并提交', '审核通过后5个工作日内赔付')],
      'en-US': [h('What you need'), list('Photos of the original invoices', 'Medical records or a diagnosis', 'Your bank card details'), h('Steps'), list('Open "Medical claims" and pick the claim type', 'Upload the papers and submit', 'Paid within 5 working days of approval')],
    },
  },
  {
    id: 'guide-realname',
    categoryCode: 'guide',
    cover: 'banner-payroll',
    publishedAt: '2026-09-12T02:00:00.000Z',
    source: provider,
    title: tx('实名认证常见问题', 'Real-name verification: FAQ'),
    summary: tx('为什么需要认证、认证失败怎么办。', 'Why verify, and what to do if it fails.'),
    blocks: {
      'zh-CN': [h('为什么需要实名认证'), p('薪资、社保等信息与您的员工身份绑定，认证可确保只有您本人能查看。'), h('认证失败怎么办'), list('核对姓名与身份证号是否与入职登记一致', '如信息有误，请联系公司人事更新'), p('认证有效期90天，到期后需重新认证。')],
      'en-US': [h('Why verify'), p('Payroll and insurance records belong to your employee identity; verifying makes sure only you can see them.'), h('If it fails'), list('Check your name and ID number match what you gave your employer', 'If the record is wrong, ask your HR to update it'), p('A verification lasts 90 days.')],
    },
  },
  {
    id: 'guide-housing-fund',
    categoryCode: 'guide',
    cover: 'news-housing-fund',
    publishedAt: '2026-09-01T02:00:00.000Z',
    source: provider,
    title: tx('公积金缴存与提取指南', 'Housing fund: contributions and withdrawals'),
    summary: tx('缴存比例、提取条件与办理渠道一览。', 'Rates, conditions and where to apply.'),
    blocks: {
      'zh-CN': [p('公积金由单位和个人按同一比例缴存，比例为5%-12%。'), h('可提取情形'), list('购买、建造、翻建自住住房', '偿还住房贷款本息', '租房自住')],
      'en-US': [p('You and your employer each contribute the same rate, between 5% and 12%.'), h('When you can withdraw'), list('Buying or building your own home', 'Repaying a mortgage', 'Paying rent')],
    },
  },
  // The help center: one article a question, a minute apart in the order written (newest first).
  ...HELP_CATEGORIES.flatMap((c, ci) =>
    c.questions.map(
      (question, qi): ArticleSeed => ({
        ...question,
        categoryCode: c.code,
        cover: c.icon,
        source: provider,
        publishedAt: new Date(Date.UTC(2026, 7, 1) - (ci * 100 + qi) * 60_000).toISOString(),
      }),
    ),
  ),
]
