import { startAuthentication } from '@simplewebauthn/browser'
import { Alert, Button, Divider, Form, Modal, Typography } from 'antd'
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { api, isApiError, unwrap } from '../../api/client'
import { forgetMe } from '../../providers/account'
import { CodeInput } from './code-input'
import { useTexts } from '../../providers/i18n'

type Run = <T>(action: () => Promise<T>) => Promise<T>

const StepUpContext = createContext<Run>((action) => action())

/**
 * `useStepUp()(action)`: runs a sensitive action; when the gateway answers 403 STEP_UP_REQUIRED
 * (no second factor within the last 5 minutes), asks for the second factor in THE step-up modal,
 * then runs the action again. Cancelling the modal rejects with that refusal.
 */
export const useStepUp = () => useContext(StepUpContext)

interface Pending {
  resolve: () => void
  reject: (error: unknown) => void
  refusal: unknown
}

export function StepUpProvider({ children }: { children: ReactNode }) {
  const { texts } = useTexts()
  const t = texts.auth.stepUp
  const [pending, setPending] = useState<Pending | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ code: string }>()
  const queue = useRef<Promise<void> | null>(null)

  const ask = useCallback(
    (refusal: unknown) => {
      // Several actions refused at once share one modal.
      queue.current ??= new Promise<void>((resolve, reject) => {
        form.resetFields()
        setError(null)
        setPending({ resolve, reject, refusal })
      }).finally(() => {
        queue.current = null
      })
      return queue.current
    },
    [form],
  )

  const run: Run = useCallback(
    async (action) => {
      try {
        return await action()
      } catch (refusal) {
        if (!isApiError(refusal, 'STEP_UP_REQUIRED')) throw refusal
        await ask(refusal)
        return action()
      }
    },
    [ask],
  )

  const finish = () => {
    forgetMe()
    pending?.resolve()
    setPending(null)
  }

  const verify = async (body: { code: string } | { passkey: unknown }) => {
    setBusy(true)
    setError(null)
    try {
      await unwrap(api.POST('/app/console/auth/step-up', { body: body as never }), texts.common.errors.network)
      finish()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setBusy(false)
    }
  }

  const withPasskey = async () => {
    setError(null)
    try {
      const options = await unwrap(api.POST('/app/console/auth/step-up/options'), texts.common.errors.network)
      const response = await startAuthentication({ optionsJSON: options as never })
      await verify({ passkey: response })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    }
  }

  const cancel = () => {
    pending?.reject(pending.refusal)
    setPending(null)
  }

  return (
    <StepUpContext.Provider value={run}>
      {children}
      <Modal open={!!pending} title={t.title} onCancel={cancel} footer={null} destroyOnHidden width={420}>
        <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={({ code }) => verify({ code })} requiredMark={false}>
          <Form.Item name="code" label={t.code} rules={[{ required: true, pattern: /^\d{6}$/, message: texts.auth.signIn.codeInvalid }]}>
            <CodeInput autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t.verify}
          </Button>
        </Form>
        <Divider plain>{texts.auth.signIn.passkey}</Divider>
        <Button block onClick={withPasskey} disabled={busy}>
          {t.passkey}
        </Button>
      </Modal>
    </StepUpContext.Provider>
  )
}
