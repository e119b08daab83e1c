import type { RosterRow } from './rows'

/**
 * Demo roster seeded at every start: three client companies and their employees. The people are
 * invented; their ID numbers are well-formed (region, birth date, sequence, check digit) but
 * belong to nobody. A demo user verifies with a name and ID number of this list (README).
 */
const COMPANIES = {
  HS001: { zh: '华晟科技有限公司', en: 'Huasheng Technology Co., Ltd.' },
  LY002: { zh: '绿源食品集团', en: 'Lvyuan Food Group' },
  BH003: { zh: '博汇咨询（上海）有限公司', en: 'Bohui Consulting (Shanghai) Co., Ltd.' },
} as const

type Person = [companyCode: keyof typeof COMPANIES, employeeNo: string, name: string, pinyin: string, idNo: string, phone: string, email: string, address: string, postcode: string]

const PEOPLE: Person[] = [
  ['HS001', 'HS-0001', '李伟', 'Li Wei', '110101198803151237', '13800138001', 'li.wei@huasheng.example.com', '北京市东城区东长安街1号', '100010'],
  ['HS001', 'HS-0002', '王芳', 'Wang Fang', '310104199107222469', '13800138002', 'wang.fang@huasheng.example.com', '上海市徐汇区漕溪北路88号', '200030'],
  ['HS001', 'HS-0003', '张强', 'Zhang Qiang', '440305198501093572', '13800138003', 'zhang.qiang@huasheng.example.com', '深圳市南山区科技园南路16号', '518057'],
  ['HS001', 'HS-0004', '陈静', 'Chen Jing', '330106199304184680', '13800138004', 'chen.jing@huasheng.example.com', '杭州市西湖区文三路90号', '310012'],
  ['LY002', 'LY-1001', '刘洋', 'Liu Yang', '510107199006015790', '13800138005', 'liu.yang@lvyuan.example.com', '成都市武侯区人民南路四段12号', '610041'],
  ['LY002', 'LY-1002', '赵敏', 'Zhao Min', '320102198711286826', '13800138006', 'zhao.min@lvyuan.example.com', '南京市玄武区中山路18号', '210008'],
  ['LY002', 'LY-1003', '孙磊', 'Sun Lei', '110105199502037959', '13800138007', 'sun.lei@lvyuan.example.com', '北京市朝阳区建国路93号', '100022'],
  ['LY002', 'LY-1004', '周婷', 'Zhou Ting', '310115199209148086', '13800138008', 'zhou.ting@lvyuan.example.com', '上海市浦东新区世纪大道100号', '200120'],
  ['BH003', 'BH-2001', '吴昊', 'Wu Hao', '440106198905279117', '13800138009', 'wu.hao@bohui.example.com', '广州市天河区珠江新城华夏路10号', '510623'],
  ['BH003', 'BH-2002', '郑丽', 'Zheng Li', '420102199408300240', '13800138010', 'zheng.li@bohui.example.com', '武汉市江岸区沿江大道168号', '430014'],
  ['BH003', 'BH-2003', '黄磊', 'Huang Lei', '110108198607121350', '13800138011', 'huang.lei@bohui.example.com', '北京市海淀区中关村大街27号', '100080'],
  ['BH003', 'BH-2004', '林雪', 'Lin Xue', '50010319961021246X', '13800138012', 'lin.xue@bohui.example.com', '重庆市渝中区解放碑民族路188号', '400010'],
  ['BH003', 'BH-2005', '何静', 'He Jing', '330102199003125673', '13800138013', 'he.jing@bohui.example.com', '杭州市上城区解放路138号', '310002'],
  ['BH003', 'BH-2006', '马超', 'Ma Chao', '440304199206187531', '13800138014', 'ma.chao@bohui.example.com', '深圳市福田区深南大道6008号', '518034'],
]

/** 17th digit: odd for men, even for women; birth date in digits 7–14. */
const genderOf = (idNo: string) => (Number(idNo[16]) % 2 === 1 ? 'M' : 'F')
const birthdateOf = (idNo: string) => `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`

export const DEMO_ROSTER: RosterRow[] = PEOPLE.map(([companyCode, employeeNo, name, pinyinName, idNo, phone, email, address, postcode]) => ({
  companyCode,
  companyNameZh: COMPANIES[companyCode].zh,
  companyNameEn: COMPANIES[companyCode].en,
  employeeNo,
  name,
  pinyinName,
  gender: genderOf(idNo),
  birthdate: birthdateOf(idNo),
  nationality: 'CN',
  idType: 'ID_CARD',
  idNo,
  phone,
  email,
  address,
  postcode,
}))
