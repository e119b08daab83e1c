// Sending a code through a real SMS provider (its loopback stand-in): the call answers "sent" once
// the queue accepted the message and the first attempt ended; a permanent refusal voids the code and
// answers SMS_CODE_UNDELIVERABLE in the caller's language; a transient one still answers "sent".
import { type LoginState, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { TEST_DEVICE_ID, currentAgreementIds, passCaptcha } from '../../../test/helpers/flows'
import { smsProviderEnv } from '../../../test/helpers/notifier'
import { type SmsStandin, startSmsStandin } from '../dev/sms-standins'

const SECRET = 'delivery-test-secret'
let standin: SmsStandin
let t: TestApp
beforeAll(async () => {
  standin = await startSmsStandin('aliyun', SECRET)
  // No international template for codes: a number outside mainland China is refused at once.
  t = await buildTestApp({ env: { ...smsProviderEnv(standin, SECRET), SMS_INTL_TEMPLATE_VERIFICATION_CODE: '', SMS_SEND_WAIT_MS: '5000' } })
})
afterAll(async () => {
  await t?.close()
  await standin?.close()
})

const sendPhone = async (phone: string, locale?: string, region?: string) =>
  callApi(t.app, calls.sendPhoneCode, { phone, scene: 'login', captchaToken: await passCaptcha(t.app), ...(region ? { region } : {}) } as never, { locale })

describe('verify/sendPhoneCode through an SMS provider', () => {
  it('answers once the provider took the message; the code that reached the phone signs in', async () => {
    const phone = uniquePhone()
    payloadOf(await sendPhone(phone))
    const request = standin.delivered().find((r) => r.params.PhoneNumbers === phone)
    expect(request?.signatureOk).toBe(true)
    const { code } = JSON.parse(String(request?.params.TemplateParam)) as { code: string }
    const state = payloadOf<LoginState>(
      await callApi(t.app, calls.loginSignupByPhoneCode, { phone, code, agreementIds: await currentAgreementIds(t.app) } as never, { deviceId: TEST_DEVICE_ID }),
    )
    expect(state.accessToken).toBeTruthy()
  })

  it('tells the user, in their language, that the code could not be sent to that number; the code is void and a new one may be asked at once', async () => {
    const phone = uniquePhone()
    standin.plan('invalidNumber')
    const zh = expectRefusal(await sendPhone(phone), 'SMS_CODE_UNDELIVERABLE', 400)
    expect(zh.msg).toBe('验证码无法发送到该手机号，请检查号码后重试')
    standin.plan('invalidNumber')
    const en = expectRefusal(await sendPhone(phone, 'en-US'), 'SMS_CODE_UNDELIVERABLE', 400)
    expect(en.errorMsg).toBe('The code could not be sent to this phone number; please check the number and try again')
    const refused = standin.requests.filter((r) => r.params.PhoneNumbers === phone)
    const { code } = JSON.parse(String(refused[0].params.TemplateParam)) as { code: string }
    expectRefusal(
      await callApi(t.app, calls.loginSignupByPhoneCode, { phone, code, agreementIds: await currentAgreementIds(t.app) } as never, { deviceId: TEST_DEVICE_ID }),
      'CODE_EXPIRED',
    )
  })

  it('tells the user at once that a region without a configured template cannot get a text, queuing nothing', async () => {
    const before = standin.requests.length
    const zh = expectRefusal(await sendPhone('91234567', undefined, 'HK'), 'SMS_REGION_UNSUPPORTED', 400)
    expect(zh.msg).toBe('暂不支持向该国家或地区的手机号发送短信，请使用其他方式')
    const en = expectRefusal(await sendPhone('91234568', 'en-US', 'HK'), 'SMS_REGION_UNSUPPORTED', 400)
    expect(en.errorMsg).toBe('Text messages cannot be sent to phone numbers of this country or region yet; please use another way')
    expect(standin.requests.length).toBe(before)
  })

  it("tells the user that the number's daily limit is reached (not \"sent\"), and the provider is asked once", async () => {
    const phone = uniquePhone()
    standin.plan('dailyLimit')
    const zh = expectRefusal(await sendPhone(phone), 'SMS_DAILY_LIMIT', 429)
    expect(zh.msg).toBe('该手机号今日接收短信已达上限，请明天再试或使用其他方式')
    standin.plan('dailyLimit')
    const en = expectRefusal(await sendPhone(phone, 'en-US'), 'SMS_DAILY_LIMIT', 429)
    expect(en.errorMsg).toBe('This phone number has received its maximum of text messages for today; please try again tomorrow or use another way')
    expect(standin.requests.filter((r) => r.params.PhoneNumbers === phone).map((r) => r.outcome)).toEqual(['dailyLimit', 'dailyLimit'])
  })

  it('answers "sent" when the provider is only rate limiting (the queue retries)', async () => {
    const phone = uniquePhone()
    standin.plan('rateLimited')
    payloadOf(await sendPhone(phone))
    expect(standin.requests.filter((r) => r.params.PhoneNumbers === phone).map((r) => r.outcome)).toEqual(['rateLimited'])
  })
})
