import { SERVICE_PHONE, wire, type AgreementType, type AppAgreement } from '@ess/contract/wire'
import { Checked, CheckNormal, Eye, Marshalling } from '@nutui/icons-react-taro'
import { Input } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { countdownStore, remainingSeconds } from '../../core/auth/countdown'
import { afterFirstPaint } from '../../core/first-paint'
import { request } from '../../core/http/request'
import { joinAgreementNames } from '../../core/agreements'
import { splitSentence } from '../../i18n/types'
import { forgetSignedOut, signedOutStore } from '../../core/auth/signed-out'
import { fill, useI18n } from '../../i18n'
import { AgreementLinks } from '../agreement-links'
import { pressable } from '../a11y/pressable'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

/** One form row: an optional leading part (region, icon), the control, a trailing part, and the inline error. */
export function FormRow({
  lead,
  children,
  trail,
  error,
  testId,
}: {
  lead?: ReactNode
  children: ReactNode
  trail?: ReactNode
  error?: string
  testId?: string
}) {
  return (
    <View className={`auth-row${error ? ' auth-row--error' : ''}`} data-testid={testId}>
      <View className="auth-row__line">
        {lead && <View className="auth-row__lead">{lead}</View>}
        <View className="auth-row__control">{children}</View>
        {trail && <View className="auth-row__trail">{trail}</View>}
      </View>
      {error && (
        <View className="auth-row__error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </View>
      )}
    </View>
  )
}

export interface TextFieldProps {
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  placeholder: string
  type?: 'text' | 'number' | 'digit' | 'password' | 'tel'
  maxLength?: number
  name: string
}

/** A borderless NutUI input with an accessible name (its placeholder). */
export function TextField({ value, onChange, onBlur, placeholder, type = 'text', maxLength, name }: TextFieldProps) {
  return (
    <Input
      className="auth-input"
      name={name}
      value={value}
      type={type}
      placeholder={placeholder}
      maxLength={maxLength}
      clearable={type !== 'password'}
      onChange={(v) => onChange(String(v))}
      onBlur={() => onBlur?.()}
      {...({ 'aria-label': placeholder, 'data-testid': `field-${name}` } as object)}
    />
  )
}

/** Password input with a show / hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const aux = useTexts(authTexts)
  const [shown, setShown] = useState(false)
  return (
    <View className="auth-password">
      <TextField {...props} type={shown ? 'text' : 'password'} maxLength={props.maxLength ?? 20} />
      <View
        className="auth-password__toggle"
        {...pressable(() => setShown((v) => !v))}
        aria-label={shown ? aux.hidePassword : aux.showPassword}
        data-testid={`toggle-${props.name}`}
      >
        {shown ? <Eye size={18} /> : <Marshalling size={18} />}
      </View>
    </View>
  )
}

/** Seconds left of a countdown key, ticking every second while above zero. */
export function useCountdown(key: string): number {
  useStore(countdownStore, (s) => s.until[key])
  const [, tick] = useState(0)
  const left = remainingSeconds(key)
  useEffect(() => {
    if (left <= 0) return
    const timer = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [left > 0, key])
  return left
}

/** "Get code" / "Resend in 42s". */
export function CodeButton({ countdownKey, onClick, busy }: { countdownKey: string; onClick: () => void; busy?: boolean }) {
  const aux = useTexts(authTexts)
  const left = useCountdown(countdownKey)
  const disabled = left > 0 || !!busy
  return (
    <View
      className={`auth-code-btn${disabled ? ' auth-code-btn--disabled' : ''}`}
      {...pressable(() => !disabled && onClick())}
      aria-disabled={String(disabled)}
      data-testid="get-code"
    >
      {left > 0 ? fill(aux.resendIn, { seconds: left }) : aux.getCode}
    </View>
  )
}

/**
 * "I have read and agree to 《User Agreement》 and 《Privacy Policy》" (set 1 of getAppAgreements,
 * a public read allowed before consent). Links open the agreement page in the webview page.
 */
export function AgreementCheck({
  checked,
  onChange,
  onAgreements,
  error,
  type = '1',
  sentence,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  onAgreements?: (list: AppAgreement[]) => void
  error?: string
  /** The agreement set (getAppAgreements type): 1 to use the app, 2 the cancellation agreement. */
  type?: AgreementType
  /** The agreement line, `{links}` where the links go (default: the sign-up wording). */
  sentence?: string
}) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const [list, setList] = useState<AppAgreement[]>([])
  const [before, after] = splitSentence(sentence ?? aux.agreeSentence, '{links}')
  useEffect(() => {
    let alive = true
    // The line is drawn with its set's usual names, unseen (agreementsWaiting): the real ones after the first paint.
    void afterFirstPaint()
      .then(() => (alive ? request(wire.getAppAgreements, { type }, { needShowToast: false }) : undefined))
      .then((items) => {
        if (!alive || !items) return
        setList(items)
        onAgreements?.(items)
      })
    return () => {
      alive = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, type])
  return (
    <View className={`auth-agree${error ? ' auth-agree--error' : ''}`}>
      <View className="auth-agree__line">
        <View
          className="auth-agree__box"
          {...pressable(() => onChange(!checked), 'checkbox')}
          aria-checked={String(checked)}
          aria-label={`${before}${joinAgreementNames(list.map((a) => a.agreementName), locale)}${after}`.trim()}
          data-testid="agree"
        >
          {checked ? <Checked size={16} color="var(--nutui-color-primary)" /> : <CheckNormal size={16} color="#c9cdd4" />}
        </View>
        <View className="auth-agree__text">
          {before && <Text onClick={() => onChange(!checked)}>{before}</Text>}
          {list.length > 0 ? (
            <AgreementLinks list={list} locale={locale} template="{links}" linkClassName="auth-agree__link" linkTestId="agreement-link" />
          ) : (
            <Text className="ess-waiting" aria-hidden>
              {aux.agreementsWaiting[type]}
            </Text>
          )}
          {after && <Text onClick={() => onChange(!checked)}>{after}</Text>}
        </View>
      </View>
      {error && (
        <View className="auth-row__error auth-agree__error" role="alert" data-testid="agree-error">
          {error}
        </View>
      )}
    </View>
  )
}

/** Two or more options as a segmented control (login by password | code, register by phone | email). */
export function Segmented<K extends string>({
  value,
  options,
  onChange,
}: {
  value: K
  options: ReadonlyArray<{ key: K; label: string }>
  onChange: (key: K) => void
}) {
  return (
    <View className="auth-tabs" role="tablist">
      {options.map((o) => (
        <View
          key={o.key}
          className={`auth-tabs__item${o.key === value ? ' auth-tabs__item--active' : ''}`}
          {...pressable(() => onChange(o.key), 'tab')}
          aria-selected={String(o.key === value)}
          data-testid={`tab-${o.key}`}
        >
          <Text>{o.label}</Text>
        </View>
      ))}
    </View>
  )
}

/**
 * One line under the login page's head when this device's session was ended elsewhere
 * (core/auth/signed-out.ts); gone once the page is left or a sign-in succeeds.
 */
export function SignedOutNotice() {
  const aux = useTexts(authTexts)
  const reason = useStore(signedOutStore, (s) => s.reason)
  useEffect(() => forgetSignedOut, [])
  if (!reason) return null
  return (
    <View className="auth-notice" role="status" data-testid="signed-out-notice">
      <Text>{reason === 'disabled' ? fill(aux.accountDisabledHere, { phone: SERVICE_PHONE }) : aux.signedOutHere}</Text>
    </View>
  )
}

/** The page head of the login and register screens. */
export function AuthHero({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <View className="auth-hero">
      <View className="auth-hero__logo">
        <Text>ESS</Text>
      </View>
      <Text className="auth-hero__title">{title}</Text>
      <Text className="auth-hero__subtitle">{subtitle}</Text>
    </View>
  )
}
