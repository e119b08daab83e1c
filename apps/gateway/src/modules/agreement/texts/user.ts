import type { AgreementSeed } from './types'

export const userAgreement: AgreementSeed = {
  code: 'user',
  setType: '1',
  sortOrder: 10,
  version: '1.0',
  publishedAt: '2025-01-01T00:00:00+08:00',
  required: true,
  name: { 'zh-CN': '用户服务协议', 'en-US': 'User Service Agreement' },
  body: {
    'zh-CN': `# 用户服务协议

版本：1.0　生效日期：2025年1月1日

欢迎使用员工服务平台（以下简称"本平台"）。本平台由人力资源服务机构（以下简称"我们"）运营，为与我们合作的用人单位的员工提供薪酬、社会保险、住房公积金、医疗理赔、健康体检及员工福利等在线服务。请您在注册或使用前仔细阅读本协议，**特别是以粗体标示的免除或限制责任、争议解决等条款**。您点击同意或实际使用本平台，即表示您已阅读并同意本协议。

## 一、服务内容

1. 本平台向您展示并办理与您的雇佣关系相关的服务，包括但不限于：工资条查询、社会保险与住房公积金缴纳记录查询、医疗理赔申请与进度查询、健康体检预约与报告查看、员工福利领取、新闻资讯与服务指南。
2. 上述服务中的数据来源于您的用人单位、社会保险与住房公积金经办机构、保险公司、体检机构等合作方。**本平台展示的信息仅供参考，具体以相关机构出具的正式记录为准。**
3. 部分服务由第三方合作方提供，您在使用时可能需要同时遵守其服务条款。

## 二、账号注册与安全

1. 您可以使用手机号或电子邮箱注册账号，并应提供真实、准确、完整的信息。中国大陆手机号的区号为 +86。
2. 您应妥善保管账号、密码和验证码，不得转让、出借或与他人共用账号。**因您保管不善导致的损失由您自行承担**，但因本平台过错造成的除外。
3. 发现账号被盗用或存在安全风险时，请立即修改密码或联系客服。我们在必要时可暂停账号的部分功能以保护您的安全。
4. 修改绑定手机号或邮箱、找回密码、注销账号等敏感操作前，我们会要求您完成身份核验。

## 三、实名认证

1. 查看薪酬、社保、公积金、医疗理赔、健康体检等涉及个人敏感信息的服务前，您需要通过身份证号或银行卡完成实名认证。
2. 实名认证有效期为90天；到期或您的身份信息发生变更后，需要重新认证。
3. 您应确保提交的身份信息属于本人。**冒用他人身份信息的，我们有权终止服务，并依法追究相应责任。**

## 四、使用规范

您在使用本平台时不得：

- 违反法律法规、社会公德或侵犯他人合法权益；
- 冒用他人身份，或查询、获取他人的薪酬、社保、医疗等信息；
- 使用程序、脚本或其他技术手段批量访问、抓取数据，或干扰、破坏本平台的正常运行；
- 对本平台进行反向工程、反编译，或尝试绕过安全措施。

## 五、知识产权

本平台的软件、界面设计、文字、图片、标识等内容的知识产权归我们或相关权利人所有。未经书面许可，任何人不得复制、修改、传播或用于商业目的。

## 六、服务的变更、中断与终止

1. 我们可能因系统维护、升级或不可抗力暂停部分服务，并尽可能提前通知。
2. 您与用人单位的雇佣关系或用人单位与我们的合作关系结束后，部分服务可能不再提供。
3. 您违反本协议的，我们可视情节采取警告、限制功能、暂停或终止服务等措施。
4. 您可以随时按照《账号注销协议》申请注销账号。

## 七、责任限制

**在法律允许的范围内，对于因网络故障、第三方服务异常、合作方数据延迟或错误等非我们过错造成的损失，我们不承担责任。**我们将尽合理努力保障服务的安全、稳定和准确。

## 八、个人信息保护

我们非常重视您的个人信息保护。我们如何收集、使用、存储、共享和保护您的个人信息，请见《隐私政策》，它是本协议的组成部分。

## 九、协议的更新

我们可能根据法律法规或业务变化更新本协议。更新后，我们会在您登录时提示并请您重新阅读和同意；您不同意的，可以停止使用本平台并申请注销账号。

## 十、法律适用与争议解决

本协议适用中华人民共和国法律（为本协议之目的，不包括香港、澳门特别行政区和台湾地区法律）。**因本协议产生的争议，双方应友好协商；协商不成的，任何一方可向我们所在地有管辖权的人民法院提起诉讼。**

## 十一、联系我们

如对本协议有任何疑问，请通过平台内"帮助中心"或客服热线 {{servicePhone}} 与我们联系。
`,
    'en-US': `# User Service Agreement

Version 1.0 · Effective 1 January 2025

Welcome to the Employee Services Portal (the "Portal"). The Portal is operated by a human-resources services provider ("we", "us") and offers the employees of our client companies online services for payroll, social insurance, housing provident fund, medical claims, health check-ups and employee welfare. Please read this agreement carefully before you register or use the Portal, **especially the clauses in bold that exclude or limit liability or concern dispute resolution**. By agreeing or by using the Portal you confirm that you have read and accept this agreement.

## 1. The services

1. The Portal shows you, and lets you handle, services related to your employment, including pay slips, social insurance and housing provident fund contribution records, medical claims and their progress, health check-up appointments and reports, welfare benefits, news and service guides.
2. This information comes from your employer, social insurance and housing provident fund agencies, insurers, health check-up providers and other partners. **What the Portal shows is for reference; the official records issued by those bodies prevail.**
3. Some services are provided by partners, whose own terms may also apply when you use them.

## 2. Your account and its security

1. You may register with a mobile number or an email address, and must give true, accurate and complete information. The dialling code of the Chinese mainland is +86.
2. Keep your account, password and verification codes safe; do not transfer, lend or share your account. **You bear losses caused by failing to keep them safe**, except where we are at fault.
3. If your account is misused or at risk, change your password at once or contact customer service. We may suspend some functions of an account when needed to protect it.
4. Before sensitive operations such as changing the bound phone or email, resetting the password or cancelling the account, we will ask you to verify your identity.

## 3. Real-name verification

1. Before using services that show sensitive personal information (payroll, social insurance, provident fund, medical claims, health check-ups), you must verify your real name with your ID number or a bank card.
2. A verification is valid for 90 days; after that, or after your identity information changes, you must verify again.
3. The identity information you submit must be your own. **If you use someone else's identity, we may end the service and pursue the liability provided by law.**

## 4. Acceptable use

When using the Portal you must not:

- break laws or regulations, public morals, or the lawful rights of others;
- pretend to be someone else, or look up or obtain another person's payroll, insurance, medical or other information;
- access or scrape data in bulk with programs, scripts or other technical means, or disturb or damage the operation of the Portal;
- reverse-engineer or decompile the Portal, or try to bypass its security measures.

## 5. Intellectual property

The software, design, text, pictures and marks of the Portal belong to us or to their right holders. Nobody may copy, modify, distribute or commercially use them without written permission.

## 6. Changes, interruptions and termination

1. We may suspend some services for maintenance, upgrades or force majeure, and will give notice in advance where possible.
2. When your employment with your employer, or our cooperation with your employer, ends, some services may no longer be available.
3. If you breach this agreement, we may, depending on the case, warn you, limit functions, or suspend or end the service.
4. You may cancel your account at any time under the Account Cancellation Agreement.

## 7. Limitation of liability

**To the extent permitted by law, we are not liable for losses caused without our fault, such as network failures, problems of third-party services, or delayed or wrong data from partners.** We make reasonable efforts to keep the services secure, stable and accurate.

## 8. Personal information

We take the protection of your personal information seriously. How we collect, use, store, share and protect it is described in the Privacy Policy, which forms part of this agreement.

## 9. Updates to this agreement

We may update this agreement when laws or our services change. After an update we will ask you, when you sign in, to read it again and agree; if you do not agree, you may stop using the Portal and cancel your account.

## 10. Governing law and disputes

This agreement is governed by the laws of the People's Republic of China (for this purpose excluding the laws of the Hong Kong and Macao Special Administrative Regions and of Taiwan). **Disputes arising from this agreement shall first be settled by friendly negotiation; failing that, either party may bring an action before the competent people's court where we are located.**

## 11. Contact us

If you have any question about this agreement, contact us through the Help Center of the Portal or the customer service hotline {{servicePhone}}.
`,
  },
}
