import { CopyOutlined, DownloadOutlined } from '@ant-design/icons'
import { RULE_MESSAGES, operatorPasswordRule } from '@ess/contract'
import { Alert, Button, Checkbox, Descriptions, Flex, Form, Input, QRCode, Result, Spin, Steps, Typography, message } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import { InsecureContextError, sealPassword } from '../../api/password'
import { AuthPage } from '../../components/auth/auth-page'
import { CodeInput } from '../../components/auth/code-input'
import { saveFile } from '../../components/files/save-file'
import { useTexts } from '../../providers/i18n'
import { codesFile } from './codes'

interface Enrollment {
  email: string
  totpUri: string
  totpSecret: string
}

/**
 * The one-time enrollment link (`#/enroll/<token>`, printed by `npm run console:operator -- add`):
 * set a password under the operators' rule, add the TOTP secret to an authenticator (QR code) and
 * prove it with a code, then see the 10 recovery codes once.
 */
export function EnrollPage() {
  const { token = '' } = useParams()
  const { texts, locale } = useTexts()
  const t = texts.auth.enroll
  const navigate = useNavigate()
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [step, setStep] = useState(0)
  const [password, setPassword] = useState('')
  const [codes, setCodes] = useState<string[]>([])
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setEnrollment(null)
    setFailure(null)
    setStep(0)
    unwrap(api.GET('/app/console/auth/enrollment/{token}', { params: { path: { token } } }), texts.common.errors.network).then(setEnrollment, (refusal: Error) => setFailure(refusal.message))
    // The link is read once per page; the language of its refusal follows the page's at that time.
  }, [token])

  const rules = [RULE_MESSAGES['password.operatorTooShort'][locale], RULE_MESSAGES['password.invalid'][locale]]

  const finish = async ({ code }: { code: string }) => {
    setBusy(true)
    setError(null)
    try {
      const key = await unwrap(api.GET('/app/console/auth/public-key'), texts.common.errors.network)
      const sealed = await sealPassword(key.publicKey, password)
      const answer = await unwrap(
        api.POST('/app/console/auth/enrollment/{token}', { params: { path: { token } }, body: { password: sealed, keyId: key.keyId, totpCode: code } }),
        texts.common.errors.network,
      )
      setCodes(answer.recoveryCodes)
      setStep(2)
    } catch (refusal) {
      setError(refusal instanceof InsecureContextError ? texts.common.errors.secureContext : refusal instanceof Error ? refusal.message : texts.common.errors.unknown)
    } finally {
      setBusy(false)
    }
  }

  if (failure) {
    return (
      <AuthPage title={t.title}>
        <Result status="warning" title={failure} extra={<Button onClick={() => navigate('/sign-in')}>{t.goSignIn}</Button>} />
      </AuthPage>
    )
  }
  if (!enrollment) {
    return (
      <AuthPage title={t.title}>
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin tip={t.loading}>
            <div style={{ width: 120, height: 40 }} />
          </Spin>
        </Flex>
      </AuthPage>
    )
  }

  return (
    <AuthPage title={t.title} subtitle={t.subtitle} width={560}>
      <Steps size="small" current={step} items={[{ title: t.stepPassword }, { title: t.stepAuthenticator }, { title: t.stepCodes }]} style={{ marginBottom: 24 }} />
      {error && <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={({ password: chosen }: { password: string }) => {
            setPassword(chosen)
            setStep(1)
          }}
        >
          <Descriptions size="small" column={1} items={[{ key: 'email', label: t.email, children: enrollment.email }]} style={{ marginBottom: 16 }} />
          <Alert
            type="info"
            message={t.rulesTitle}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
          <input type="text" name="username" autoComplete="username" value={enrollment.email} readOnly hidden />
          <Form.Item
            name="password"
            label={t.password}
            rules={[
              { required: true, message: texts.auth.signIn.required },
              {
                validator: async (_, value: string) => {
                  const checked = operatorPasswordRule.safeParse(value ?? '')
                  if (!checked.success) {
                    const key = checked.error.issues[0]?.message as keyof typeof RULE_MESSAGES
                    throw new Error(RULE_MESSAGES[key]?.[locale] ?? rules[0])
                  }
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t.confirmPassword}
            dependencies={['password']}
            rules={[
              { required: true, message: texts.auth.signIn.required },
              ({ getFieldValue }) => ({
                validator: async (_, value: string) => {
                  if (value && value !== getFieldValue('password')) throw new Error(t.mismatch)
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t.next}
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form layout="vertical" requiredMark={false} onFinish={finish}>
          <Typography.Paragraph>{t.scan}</Typography.Paragraph>
          <Flex gap={24} align="center" wrap style={{ marginBottom: 16 }}>
            <QRCode value={enrollment.totpUri} size={168} bordered aria-label={enrollment.totpUri} />
            <div style={{ flex: 1, minWidth: 200 }}>
              <Typography.Text type="secondary">{t.secret}</Typography.Text>
              <Typography.Paragraph copyable code style={{ wordBreak: 'break-all', fontSize: 15 }}>
                {enrollment.totpSecret}
              </Typography.Paragraph>
            </div>
          </Flex>
          <Form.Item name="code" label={t.code} rules={[{ required: true, pattern: /^\d{6}$/, message: texts.auth.signIn.codeInvalid }]}>
            <CodeInput autoFocus />
          </Form.Item>
          <Flex gap={8}>
            <Button onClick={() => setStep(0)}>{texts.auth.signIn.back}</Button>
            <Button type="primary" htmlType="submit" loading={busy} style={{ flex: 1 }}>
              {t.finish}
            </Button>
          </Flex>
        </Form>
      )}
      {step === 2 && (
        <>
          <Alert type="warning" showIcon message={t.codesTitle} description={t.codesHint} style={{ marginBottom: 16 }} />
          <RecoveryCodes codes={codes} email={enrollment.email} />
          <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} style={{ margin: '16px 0' }}>
            {t.codesSaved}
          </Checkbox>
          <Button type="primary" block disabled={!saved} onClick={() => navigate('/sign-in')}>
            {t.goSignIn}
          </Button>
        </>
      )}
    </AuthPage>
  )
}

/** Recovery codes in two columns, with copy and download (a text file). Shown once, by enrollment and regeneration. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { texts } = useTexts()
  const [notice, holder] = message.useMessage()
  const download = () => saveFile(new Blob([codesFile(email, codes)], { type: 'text/plain' }), 'ess-console-recovery-codes.txt')
  return (
    <div>
      {holder}
      <ol aria-label={texts.security.recovery.title} style={{ columns: 2, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 16, padding: '12px 12px 12px 36px', background: '#fafafa', borderRadius: 8, margin: 0 }}>
        {codes.map((code) => (
          <li key={code} style={{ padding: '2px 0' }}>
            {code}
          </li>
        ))}
      </ol>
      <Flex gap={8} style={{ marginTop: 8 }}>
        <Button icon={<CopyOutlined />} onClick={() => navigator.clipboard?.writeText(codes.join('\n')).then(() => notice.success(texts.common.actions.copied))}>
          {texts.common.actions.copy}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {texts.common.actions.download}
        </Button>
      </Flex>
    </div>
  )
}
