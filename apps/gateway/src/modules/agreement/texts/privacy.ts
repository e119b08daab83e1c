import type { AgreementSeed } from './types'

export const privacyPolicy: AgreementSeed = {
  code: 'privacy',
  setType: '1',
  sortOrder: 20,
  version: '1.0',
  publishedAt: '2025-01-01T00:00:00+08:00',
  required: true,
  name: { 'zh-CN': '隐私政策', 'en-US': 'Privacy Policy' },
  body: {
    'zh-CN': `# 隐私政策

版本：1.0　生效日期：2025年1月1日

员工服务平台（以下简称"本平台"）由人力资源服务机构（以下简称"我们"）运营。我们依据《中华人民共和国个人信息保护法》等法律法规处理您的个人信息。本政策说明我们收集哪些信息、为什么收集、如何使用和保护，以及您享有的权利。**其中涉及敏感个人信息的内容以粗体标示，请您重点阅读。**

## 一、我们收集的信息

1. **账号与联系信息**：手机号（含国家或地区区号）、电子邮箱、用户名、密码（仅以不可逆方式保存）、头像、联系地址和邮政编码。
2. **身份信息**：姓名、拼音姓名、性别、出生日期、国籍、证件类型、**证件号码**；实名认证时的**银行卡号**及预留手机号。
3. **雇佣信息**：用人单位名称、员工编号、入职及在职状态，由您的用人单位提供或由您补充。
4. **薪酬、社保与福利记录**：**工资条、个人所得税扣缴明细、社会保险及住房公积金缴纳记录、医疗理赔资料（含诊断及费用单据）、健康体检预约与体检报告**、福利领取记录。这些信息通常由您的用人单位、经办机构、保险公司和体检机构提供。
5. **设备与日志信息**：设备标识、客户端类型、操作系统、语言、访问时间、IP地址和操作日志，用于保障账号安全和排查故障。
6. **您主动提供的信息**：向客服咨询、提交反馈或申请理赔时提供的资料。

我们不会收集与服务无关的信息。在您使用相机、相册、定位、拨打电话等功能前，我们会单独请求相应的系统权限，您可以随时在系统设置中关闭。

## 二、我们如何使用信息

- 注册、登录和账号安全：验证身份、发送验证码、识别异常登录；
- 实名认证：核验您的身份，确保只有您本人能查看本人的薪酬、社保、医疗等信息；
- 提供服务：展示工资条和缴纳记录、办理理赔、预约体检、发放福利；
- 消息通知：在您同意的范围内推送薪酬、体检预约与报告、灵活用工等通知，您可以在"推送设置"中关闭；
- 客户服务与投诉处理；
- 履行法律法规规定的义务，如税务、社会保险相关的报送与留存。

**处理证件号码、银行卡号、医疗健康信息等敏感个人信息前，我们会取得您的单独同意。**您拒绝提供的，不影响使用不需要这些信息的其他功能。

## 三、共享、委托处理与公开披露

1. 为提供服务所必需，我们会与以下对象共享必要的信息：**您的用人单位**；社会保险、住房公积金经办机构及税务机关；承保您团体保险的保险公司；为您提供体检服务的医疗机构；为实名认证提供服务的银行卡验证机构。
2. 我们可能委托技术服务商处理信息（如短信与邮件发送、云服务），并通过协议要求其按我们的指示处理、采取安全措施，不得用于其他目的。
3. 除法律法规要求或经您单独同意外，我们不会公开披露您的个人信息，也不会出售您的个人信息。
4. 您的个人信息存储在中华人民共和国境内，目前不涉及向境外提供。

## 四、保存期限

我们仅在实现处理目的所必要的最短期间内保存您的个人信息：账号信息保存至您注销账号；薪酬、社保等记录在法律法规要求的期限内保存；验证码等临时信息在失效后删除。超过保存期限或您注销账号后，我们会删除或匿名化处理您的个人信息，法律法规另有规定的除外。

## 五、我们如何保护信息

- 信息传输全程使用加密通道；密码在您的设备上加密后传输，并以不可逆方式存储；
- **证件号码、银行卡号加密存储，展示时做脱敏处理**；
- 严格的访问权限控制和操作审计，员工仅在工作需要时可以访问；
- 制定安全事件应急预案；发生个人信息泄露等事件时，我们会依法告知您并向主管部门报告。

## 六、您的权利

您有权查阅、复制、更正、补充您的个人信息；有权请求删除；有权撤回同意（撤回不影响撤回前基于同意的处理）；有权获得本政策的解释说明；有权注销账号。您可以在"个人中心"和"账号与安全"中自行操作，或通过下方方式联系我们。我们将在15个工作日内答复。**在"隐私设置"中，您还可以查看最近7天、30天和1年内我们收集您信息的类型、场景和次数。**

## 七、未成年人

本平台面向与用人单位建立劳动或劳务关系的成年人。如发现在未取得监护人同意的情况下收集了未成年人的信息，我们会尽快删除。

## 八、本政策的更新

本政策更新后，我们会在您登录时提示您阅读并重新同意。重大变更包括处理目的、信息类型、共享对象的变化等。

## 九、联系我们

如对本政策或您的个人信息有任何疑问、意见或投诉，请通过平台内"帮助中心"或客服热线 {{servicePhone}} 联系我们的个人信息保护负责人。
`,
    'en-US': `# Privacy Policy

Version 1.0 · Effective 1 January 2025

The Employee Services Portal (the "Portal") is operated by a human-resources services provider ("we", "us"). We process your personal information under the Personal Information Protection Law of the People's Republic of China and other laws. This policy explains what we collect, why, how we use and protect it, and what rights you have. **Passages about sensitive personal information are in bold; please read them with care.**

## 1. What we collect

1. **Account and contact information**: mobile number (with its country or region code), email address, username, password (stored only in an irreversible form), avatar, postal address and postcode.
2. **Identity information**: name, name in pinyin, gender, date of birth, nationality, ID type and **ID number**; for real-name verification, a **bank card number** and the phone number registered with the bank.
3. **Employment information**: employer name, employee number, start date and employment status, provided by your employer or completed by you.
4. **Payroll, insurance and welfare records**: **pay slips, individual income tax withholding details, social insurance and housing provident fund contribution records, medical claim documents (including diagnoses and bills), health check-up appointments and reports**, and welfare records. These usually come from your employer, public agencies, insurers and health check-up providers.
5. **Device and log information**: device identifier, client type, operating system, language, access time, IP address and operation logs, used to keep your account secure and to investigate faults.
6. **What you give us**: information you provide when contacting customer service, sending feedback or filing a claim.

We do not collect information unrelated to the services. Before you use the camera, photo album, location or phone calls, we ask for the corresponding system permission, which you can turn off at any time in your system settings.

## 2. How we use it

- Registration, sign-in and account security: verifying your identity, sending verification codes, detecting unusual sign-ins;
- Real-name verification: making sure only you can see your own payroll, insurance and medical information;
- Providing the services: showing pay slips and contribution records, handling claims, booking check-ups, granting benefits;
- Notifications: within what you agreed to, notices about salary, check-up appointments and reports, and flexible employment, which you can turn off in Push Settings;
- Customer service and complaints;
- Meeting legal obligations, such as tax and social insurance filings and record keeping.

**Before we process sensitive personal information such as ID numbers, bank card numbers or medical and health information, we ask for your separate consent.** If you refuse, you can still use the functions that do not need it.

## 3. Sharing, processors and disclosure

1. Where necessary to provide the services, we share the information needed with: **your employer**; social insurance and housing provident fund agencies and tax authorities; the insurer of your group insurance; the medical institution performing your health check-up; and the bank card verification provider used for real-name verification.
2. We may entrust technical service providers (such as SMS and email delivery or cloud services) with processing; contracts require them to follow our instructions, keep the information secure and use it for no other purpose.
3. We do not disclose your personal information publicly unless the law requires it or you separately consent, and we never sell it.
4. Your personal information is stored within the People's Republic of China and is currently not transferred abroad.

## 4. How long we keep it

We keep personal information only as long as needed for its purpose: account information until you cancel your account; payroll, insurance and similar records for the periods required by law; temporary data such as verification codes until they expire. After that, or after you cancel your account, we delete or anonymise your personal information, unless the law provides otherwise.

## 5. How we protect it

- All transfers use encrypted connections; your password is encrypted on your device before it is sent and is stored only in an irreversible form;
- **ID and bank card numbers are stored encrypted and masked when displayed**;
- Strict access control and audit: staff can access information only when their work requires it;
- A security incident response plan; if a breach occurs, we will inform you and report to the authorities as the law requires.

## 6. Your rights

You have the right to access, copy, correct and complete your personal information; to ask for its deletion; to withdraw your consent (this does not affect processing done before); to have this policy explained; and to cancel your account. You can do most of this yourself in My Account and Account Security, or contact us as described below. We will answer within 15 working days. **In Privacy Settings you can also see which types of information we collected, for what use and how many times, over the last 7 days, 30 days and 1 year.**

## 7. Minors

The Portal is intended for adults who work for an employer. If we find that we collected a minor's information without a guardian's consent, we will delete it promptly.

## 8. Updates to this policy

After an update, we will ask you to read this policy and agree again when you sign in. Major changes include changes to purposes, types of information or recipients.

## 9. Contact us

For any question, comment or complaint about this policy or your personal information, contact our personal information protection officer through the Help Center of the Portal or the customer service hotline {{servicePhone}}.
`,
  },
}
