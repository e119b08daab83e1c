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
  t = await buildTestApp({ env: { ...smsProviderEnv(standin, SECRET), SMS_SEND_WAIT_MS: '5000' } })
})
afterAll(async () => {
  await t?.close()
  await standin?.close()
})

const sendPhone = async (phone: string, locale?: string) =>
  callApi(t.app, calls.sendPhoneCode, { phone, scene: 'login', captchaToken: await passCaptcha(t.app) }, { locale })

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

  it('answers "sent" when the provider is only rate limiting (the queue retries)', async () => {
    const phone = uniquePhone()
    standin.plan('rateLimited')
    payloadOf(await sendPhone(phone))
    expect(standin.requests.filter((r) => r.params.PhoneNumbers === phone).map((r) => r.outcome)).toEqual(['rateLimited'])
  })
})
