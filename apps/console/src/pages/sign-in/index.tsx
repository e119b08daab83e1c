import { KeyOutlined, LockOutlined, MailOutlined } from '@ant-design/icons'
import { startAuthentication } from '@simplewebauthn/browser'
import { useLogin } from '@refinedev/core'
import { Alert, Button, Form, Input, Segmented, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { api, unwrap } from '../../api/client'
import { InsecureContextError, sealPassword } from '../../api/password'
import { AuthPage } from '../../components/auth/auth-page'
import { CodeInput } from '../../components/auth/code-input'
import type { SignedIn } from '../../providers/account'
import { useTexts } from '../../providers/i18n'

type Factor = 'totp' | 'recovery' | 'passkey'
interface Challenge {
  challenge: string
  factors: Factor[]
}

/**
 * Sign-in in two steps: email + password (encrypted with the gateway's key) answers a single-use
 * challenge; one second factor (authenticator code, recovery code or passkey) turns it into the
 * session, handed to Refine's login.
 */
export function SignInPage() {
  const { texts } = useTexts()
  const t = texts.auth.signIn
  const { mutate: login } = useLogin<{ answer: SignedIn }>()
  const [challenge, setChallenge] = useState<Challenge | null>(null)
  const [factor, setFactor] = useState<Factor>('totp')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // In development the gateway lists its demo operators (and their current codes) at /dev/operators;
  // in production that page does not exist and the hint is not shown.
  const [demo, setDemo] = useState(false)
  useEffect(() => {
    fetch('/dev/operators.json', { method: 'HEAD' }).then((answer) => setDemo(answer.ok), () => setDemo(false))
  }, [])

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (failure) {
      setError(failure instanceof InsecureContextError ? texts.common.errors.secureContext : failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setBusy(false)
    }
  }

  const passwordStep = ({ email, password }: { email: string; password: string }) =>
    attempt(async () => {
      const key = await unwrap(api.GET('/app/console/auth/public-key'), texts.common.errors.network)
      const sealed = await sealPassword(key.publicKey, password)
      const answer = await unwrap(api.POST('/app/console/auth/password', { body: { email, password: sealed, keyId: key.keyId } }), texts.common.errors.network)
      setChallenge(answer)
      setFactor(answer.factors[0] ?? 'totp')
    })

  const done = (answer: SignedIn) => login({ answer })

  const codeStep = ({ code }: { code: string }) =>
    attempt(async () => {
      if (!challenge) return
      const path = factor === 'recovery' ? '/app/console/auth/recovery' : '/app/console/auth/totp'
      done(await unwrap(api.POST(path, { body: { challenge: challenge.challenge, code } }), texts.common.errors.network))
    })

  const passkeyStep = () =>
    attempt(async () => {
      if (!challenge) return
      const options = await unwrap(api.POST('/app/console/auth/passkey/options', { body: { challenge: challenge.challenge } }), texts.common.errors.network)
      const response = await startAuthentication({ optionsJSON: options as never })
      done(await unwrap(api.POST('/app/console/auth/passkey', { body: { challenge: challenge.challenge, response: response as never } }), texts.common.errors.network))
    })

  const alert = error && <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} />

  if (!challenge) {
    return (
      <AuthPage title={t.title} subtitle={t.subtitle}>
        {alert}
        <Form layout="vertical" onFinish={passwordStep} requiredMark={false} size="large">
          <Form.Item name="email" label={t.email} rules={[{ required: true, message: t.required }, { type: 'email', message: t.emailInvalid }]}>
            <Input prefix={<MailOutlined />} placeholder={t.emailPlaceholder} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.required }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t.passwordPlaceholder} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t.next}
          </Button>
        </Form>
        {demo && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
            <a href="/dev/operators" target="_blank" rel="noreferrer">
              {t.devHint}
            </a>
          </Typography.Paragraph>
        )}
      </AuthPage>
    )
  }

  const labels: Record<Factor, string> = { totp: t.totp, recovery: t.recovery, passkey: t.passkey }
  return (
    <AuthPage title={t.secondFactorTitle} subtitle={t.secondFactorHint}>
      {alert}
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Segmented<Factor> block value={factor} onChange={(value) => { setFactor(value); setError(null) }} options={challenge.factors.map((value) => ({ value, label: labels[value] }))} />
        {factor === 'passkey' ? (
          <>
            <Typography.Text type="secondary">{t.passkeyHint}</Typography.Text>
            <Button type="primary" icon={<KeyOutlined />} block size="large" loading={busy} onClick={passkeyStep}>
              {t.passkeyButton}
            </Button>
          </>
        ) : (
          <Form key={factor} layout="vertical" onFinish={codeStep} requiredMark={false} size="large">
            {factor === 'totp' ? (
              <Form.Item name="code" label={t.totpHint} rules={[{ required: true, pattern: /^\d{6}$/, message: t.codeInvalid }]}>
                <CodeInput autoFocus />
              </Form.Item>
            ) : (
              <Form.Item name="code" label={t.recoveryHint} rules={[{ required: true, message: t.required }]}>
                <Input placeholder={t.recoveryPlaceholder} autoComplete="one-time-code" autoFocus aria-label={t.recovery} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t.submit}
            </Button>
          </Form>
        )}
        <Button type="link" block onClick={() => { setChallenge(null); setError(null) }}>
          {t.back}
        </Button>
      </Space>
    </AuthPage>
  )
}
