import type { AgreementSeed } from './types'

export const cancellationAgreement: AgreementSeed = {
  code: 'cancellation',
  setType: '2',
  sortOrder: 10,
  version: '1.1',
  publishedAt: '2025-06-01T00:00:00+08:00',
  required: true,
  name: { 'zh-CN': '账号注销协议', 'en-US': 'Account Cancellation Agreement' },
  body: {
    'zh-CN': `# 账号注销协议

版本：1.1　生效日期：2025年6月1日

在您申请注销员工服务平台（以下简称"本平台"）账号前，请仔细阅读本协议。**账号注销后不可恢复，请您谨慎操作。**

## 一、注销条件

申请注销的账号应同时满足：

1. 账号由您本人申请注销，并已通过身份核验（手机或邮箱验证码、原密码或实名信息）；
2. 账号处于正常状态，未被冻结，近期无被盗用等安全风险；
3. 账号下没有正在处理中的医疗理赔、福利领取、体检预约等事项，或您已自愿放弃；
4. 账号不存在未解决的投诉、纠纷。

## 二、注销的后果

**注销成功后，以下后果不可撤销：**

- 您将无法再登录、使用该账号，也无法找回；
- 账号中的个人资料、绑定的手机号与邮箱、第三方账号（微信、QQ、微博）绑定关系将被解除和删除；
- 您将无法通过本平台查看工资条、社会保险和住房公积金缴纳记录、理赔与体检记录等信息；
- 已领取但未使用的福利权益视为您自愿放弃；
- 同一手机号或邮箱可以重新注册，但新账号与原账号的数据不会关联。

## 三、不受影响的记录

注销本平台账号**不影响**您与用人单位的劳动关系，也不影响用人单位、社会保险和住房公积金经办机构、税务机关、保险公司依法保存的记录。如需查询这些记录，请联系相关单位或机构。

## 四、个人信息的处理

您确认注销后，注销**立即完成**（远早于国家规定的15个工作日）：您的个人资料、手机号、邮箱、用户名、头像、实名认证关联及加密保存的证件号和银行卡号、第三方账号绑定、登录设备和安全记录将被即时删除，手机号、邮箱和用户名可重新注册。我们仅保留一条不含个人信息的注销记录（账号编号、注销时间、由本人申请），用于安全审计。用人单位、社会保险和住房公积金经办机构、税务机关依法保存的记录不受本平台注销影响。

## 五、注销流程

1. 在"账号与安全"中选择"注销账号"，阅读注销须知；
2. 完成身份核验；
3. 阅读并勾选同意本协议，确认注销。

## 六、联系我们

如您在注销过程中遇到问题，或对注销有疑问，请拨打客服热线 {{servicePhone}}。
`,
    'en-US': `# Account Cancellation Agreement

Version 1.1 · Effective 1 June 2025

Please read this agreement carefully before you ask to cancel your account on the Employee Services Portal (the "Portal"). **A cancelled account cannot be restored; please decide with care.**

## 1. Conditions

An account can be cancelled when all of the following are true:

1. You ask for the cancellation yourself and have verified your identity (a code sent to your phone or email, your current password, or your real-name information);
2. The account is in a normal state, not frozen, and shows no recent sign of misuse;
3. No medical claim, benefit or check-up appointment is still being processed under the account, or you have chosen to give it up;
4. No complaint or dispute about the account is still open.

## 2. Consequences

**Once the account is cancelled, the following cannot be undone:**

- You can no longer sign in to or use the account, nor recover it;
- Your profile, the bound phone and email, and any linked third-party accounts (WeChat, QQ, Weibo) are unlinked and deleted;
- You can no longer see pay slips, social insurance and housing provident fund records, claims or check-up records through the Portal;
- Benefits granted but not yet used are treated as given up;
- The same phone number or email can register again, but the new account will not be linked to the old account's data.

## 3. Records that are not affected

Cancelling your Portal account **does not affect** your employment, nor the records that your employer, social insurance and housing provident fund agencies, tax authorities and insurers keep as the law requires. Contact them if you need those records.

## 4. Your personal information

Once you confirm, the cancellation **completes at once** (well within the 15 working days the national rules allow): your profile, phone, email, username, avatar, real-name link with the encrypted ID and bank-card numbers, third-party bindings, signed-in devices and security history are deleted immediately, and the phone, email and username can be registered again. We keep only a cancellation record without personal information (account number, time of cancellation, requested by you) for security audits. Records kept by law by your employer, the social insurance and housing fund agencies and the tax authorities are not affected by cancelling your Portal account.

## 5. How to cancel

1. In Account Security, choose Cancel Account and read the notes;
2. Verify your identity;
3. Read this agreement, tick that you agree, and confirm.

## 6. Contact us

If you run into a problem or have a question about cancellation, call the customer service hotline {{servicePhone}}.
`,
  },
}
