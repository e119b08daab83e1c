import type { ArticleBlock, Locale } from '@ess/contract'

/**
 * The help center's content (SPEC §1 personal center): categories of kind 'help' in the information
 * tree, each article a question — title the question, summary the short answer (what the search
 * reads besides the question), body the full answer; its cover is the category's icon. Questions
 * are dated a minute apart so the tree (newest first) lists them in the order written here.
 */
type Text = Record<Locale, string>
const tx = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en })
const p = (text: string): ArticleBlock => ({ type: 'paragraph', text })
const list = (...items: string[]): ArticleBlock => ({ type: 'list', items })

interface Question {
  id: string
  title: Text
  summary: Text
  blocks: Record<Locale, ArticleBlock[]>
}

interface HelpCategory {
  code: string
  name: Text
  icon: string
  questions: Question[]
}

const q = (id: string, title: Text, summary: Text, zh: ArticleBlock[], en: ArticleBlock[]): Question => ({ id, title, summary, blocks: { 'zh-CN': zh, 'en-US': en } })

export const HELP_CATEGORIES: HelpCategory[] = [
  {
    code: 'help-account',
    name: tx('账号与登录', 'Account and sign-in'),
    icon: 'icon-account',
    questions: [
      q(
        'help-forgot-password',
        tx('忘记密码怎么办？', 'I forgot my password. What can I do?'),
        tx('在登录页点击"忘记密码"，可通过手机、邮箱或实名信息找回。', 'Tap "Forgot password" on the sign-in page and recover it by phone, email or your real-name record.'),
        [p('在登录页点击"忘记密码"，选择一种找回方式：'), list('通过绑定的手机号接收短信验证码', '通过绑定的邮箱接收邮件验证码', '通过姓名与身份证号找到已实名的账号'), p('验证通过后设置新密码，新密码生效后其他设备上的登录将全部退出。')],
        [p('Tap "Forgot password" on the sign-in page and choose how to recover it:'), list('A text code to your bound phone', 'An email code to your bound email', 'Your name and ID number, for a verified account'), p('Once verified, set a new password; every other device is then signed out.')],
      ),
      q(
        'help-change-phone',
        tx('如何更换绑定的手机号？', 'How do I change my bound phone number?'),
        tx('进入"我的 → 账号与安全 → 手机号"，验证身份后绑定新号码。', 'Go to My account → Account and security → Phone, verify your identity, then bind the new number.'),
        [p('进入"我的 → 账号与安全 → 手机号"。为保护账号安全，需先完成一次身份验证（短信、邮箱、密码或实名信息）。'), p('随后输入新手机号并填写收到的验证码即可完成更换，原手机号会收到变更提醒。')],
        [p('Go to My account → Account and security → Phone. To protect your account you first confirm it is you (text code, email code, password or real-name record).'), p('Then enter the new number and the code it receives. Your old number is told about the change.')],
      ),
      q(
        'help-account-locked',
        tx('账号被锁定了怎么办？', 'My account is locked. What now?'),
        tx('连续输错密码会暂时锁定账号，等待解锁或通过找回密码立即解锁。', 'Too many wrong passwords lock the account for a while; wait, or reset your password to unlock it straight away.'),
        [p('为防止他人猜测密码，连续多次输错密码后账号会被暂时锁定。'), list('等待锁定时间结束后再试', '或通过"忘记密码"重设密码，重设成功后立即解锁')],
        [p('To stop others guessing your password, several wrong passwords in a row lock the account for a while.'), list('Wait until the lock ends and try again', 'Or reset your password with "Forgot password": a reset unlocks the account straight away')],
      ),
    ],
  },
  {
    code: 'help-realname',
    name: tx('实名认证', 'Real-name verification'),
    icon: 'icon-certificate',
    questions: [
      q(
        'help-why-realname',
        tx('为什么要实名认证？', 'Why do I need to verify my real name?'),
        tx('工资条、社保、公积金等信息属于您的员工身份，认证后只有您本人能查看。', 'Payslips, social insurance and housing fund belong to your employee identity; verification makes sure only you see them.'),
        [p('工资条、社保、公积金、医疗理赔和体检等服务涉及您的个人敏感信息，需确认您是所在公司的在册员工。'), p('认证有效期为90天，到期或身份信息变更后需重新认证。')],
        [p('Payslips, social insurance, housing fund, medical claims and check-ups hold sensitive personal data, so we confirm you are on your company\'s employee roster.'), p('A verification lasts 90 days; after that, or after your identity details change, verify again.')],
      ),
      q(
        'help-realname-failed',
        tx('实名认证失败怎么办？', 'My real-name verification failed'),
        tx('请核对姓名、身份证号与入职登记信息是否一致，如不一致请联系公司人事。', 'Check that your name and ID number match what you gave your employer; if the record is wrong, ask your HR.'),
        [list('核对姓名（含少数民族姓名中的间隔点）与身份证号', '确认使用的是入职时登记的证件', '银行卡认证时，预留手机号须与银行登记一致'), p('如信息无误仍无法通过，请联系公司人事核实花名册信息，或拨打客服热线。')],
        [list('Check your name (including any separator dot) and ID number', 'Use the ID document you registered with when you joined', 'For the bank-card method, the phone must be the one your bank holds'), p('If everything is right and it still fails, ask your HR to check the employee roster, or call our hotline.')],
      ),
    ],
  },
  {
    code: 'help-pay',
    name: tx('薪资与社保', 'Pay and insurance'),
    icon: 'icon-payroll',
    questions: [
      q(
        'help-payslip-missing',
        tx('为什么看不到本月工资条？', "Why can't I see this month's payslip?"),
        tx('工资条在公司发薪后发布；请确认已登录并完成实名认证。', 'Payslips appear once your company has paid; make sure you are signed in and verified.'),
        [p('工资条由公司在发薪后发布，通常晚于到账时间1-2个工作日。'), list('确认已登录并完成实名认证', '确认认证未过期（有效期90天）', '在"我的 → 设置 → 推送设置"中打开"薪资服务"，发布后即可收到通知')],
        [p('Your company publishes payslips after payday, usually one or two working days after the money arrives.'), list('Make sure you are signed in and verified', 'Check your verification has not expired (90 days)', 'Turn on "Salary service" under My account → Settings → Push settings to be told when it is out')],
      ),
      q(
        'help-insurance-base',
        tx('社保缴费基数是怎么确定的？', 'How is my social insurance base set?'),
        tx('一般按上一年度月平均工资确定，并受当地上下限约束。', "Usually your previous year's average monthly pay, within the local floor and ceiling."),
        [p('社保缴费基数一般为您上一年度的月平均工资，低于当地下限的按下限、高于上限的按上限执行。'), p('新年度基数通常自1月起执行，调整后的个人缴费金额会体现在工资条中。')],
        [p("The base is usually your previous year's average monthly pay; below the local floor the floor applies, above the ceiling the ceiling."), p("New bases usually apply from January; your new share shows on your payslip.")],
      ),
      q(
        'help-housing-fund-withdraw',
        tx('公积金可以提取吗？', 'Can I withdraw my housing fund?'),
        tx('购房、还贷、租房等情形可申请提取，详见办事指南。', 'Yes, for buying a home, repaying a mortgage or paying rent; see the service guide.'),
        [list('购买、建造、翻建自住住房', '偿还住房贷款本息', '租房自住（需连续足额缴存满3个月）'), p('具体材料与流程请查看"办事指南 → 公积金缴存与提取指南"。')],
        [list('Buying or building your own home', 'Repaying a mortgage', 'Paying rent (after 3 months of full contributions)'), p('For papers and steps see Service guide → "Housing fund: contributions and withdrawals".')],
      ),
    ],
  },
  {
    code: 'help-privacy',
    name: tx('隐私与通知', 'Privacy and notices'),
    icon: 'icon-guide',
    questions: [
      q(
        'help-notice-off',
        tx('如何关闭某类消息通知？', 'How do I stop a kind of notice?'),
        tx('在"我的 → 设置 → 推送设置"中关闭对应类型；安全通知无法关闭。', 'Switch the kind off under My account → Settings → Push settings; security notices cannot be switched off.'),
        [p('进入"我的 → 设置 → 推送设置"，可分别开关薪资服务、体检预约、体检报告和灵活用工通知。关闭后，该类消息不再出现在消息中心。'), p('密码、手机号、邮箱变更等安全通知始终发送，以便您及时发现异常。')],
        [p('Under My account → Settings → Push settings you can switch salary, check-up booking, check-up report and flexible employment notices on or off. A kind switched off no longer appears in your inbox.'), p('Security notices (password, phone or email changed) are always sent, so you notice anything unusual.')],
      ),
      q(
        'help-my-data',
        tx('如何查看或导出我的个人信息？', 'How can I see or download my personal data?'),
        tx('在"设置 → 隐私"中查看收集记录，并可下载个人信息副本。', 'Settings → Privacy shows what was collected and lets you download a copy of your data.'),
        [p('进入"我的 → 设置 → 隐私"，可按7天、30天、1年查看个人信息收集情况，并可下载JSON或PDF格式的个人信息副本。'), p('您也可以在此撤回隐私政策同意，撤回后将退出登录。')],
        [p('Under My account → Settings → Privacy you see what was collected over 7 days, 30 days or a year, and can download a copy of your data as JSON or PDF.'), p('You can also withdraw your consent to the privacy policy there; you are then signed out.')],
      ),
    ],
  },
]
