import { DEFAULT_PHONE_REGION, type AppAgreement } from '@ess/contract/wire'
import { Button } from '../a11y/button'
import { Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { targetKey, type CodeTarget } from '../../core/auth/codes'
import { AgreementCheck, CodeButton, FormRow, PasswordField, TextField, type TextFieldProps } from './index'
import { RegionPicker } from './region-picker'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

/**
 * The rows of the sign-in and registration forms, bound to react-hook-form by field name. Every
 * row has the test id `row-<name>` and shows its field's inline error.
 */
interface RowProps<T extends FieldValues> {
  control: Control<T>
  error?: string
}

export function TextRow<T extends FieldValues>({
  control,
  name,
  error,
  placeholder,
  type = 'text',
  maxLength,
  lead,
  trail,
}: RowProps<T> & { name: Path<T>; placeholder: string; type?: TextFieldProps['type']; maxLength?: number; lead?: ReactNode; trail?: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const props = { name, value: field.value, onChange: field.onChange, onBlur: field.onBlur, placeholder, maxLength }
        return (
          <FormRow error={error} testId={`row-${name}`} lead={lead} trail={trail}>
            {type === 'password' ? <PasswordField {...props} /> : <TextField {...props} type={type} />}
          </FormRow>
        )
      }}
    />
  )
}

/** A phone number with its region (China +86 first) in front. */
export function PhoneRow<T extends FieldValues>({ control, error }: RowProps<T>) {
  const aux = useTexts(authTexts)
  const region = (
    <Controller
      control={control}
      name={'region' as Path<T>}
      render={({ field }) => <RegionPicker value={field.value ?? DEFAULT_PHONE_REGION} onChange={field.onChange} />}
    />
  )
  return <TextRow control={control} name={'phone' as Path<T>} error={error} type="tel" maxLength={14} placeholder={aux.phonePlaceholder} lead={region} />
}

/** The 6-digit code with its "get code" button and the resend countdown of its destination. */
export function CodeRow<T extends FieldValues>({
  control,
  error,
  target,
  countdownKey,
  onAsk,
}: RowProps<T> & { onAsk: () => void } & ({ target: CodeTarget; countdownKey?: undefined } | { target?: undefined; countdownKey: string })) {
  const aux = useTexts(authTexts)
  return (
    <TextRow
      control={control}
      name={'code' as Path<T>}
      error={error}
      type="number"
      maxLength={6}
      placeholder={aux.codePlaceholder}
      trail={<CodeButton countdownKey={countdownKey ?? targetKey(target!)} onClick={onAsk} />}
    />
  )
}

/** New password, its confirmation and the rule hint. */
export function PasswordPairRows<T extends FieldValues>({ control, errors }: { control: Control<T>; errors: (name: string) => string | undefined }) {
  const aux = useTexts(authTexts)
  return (
    <>
      <TextRow control={control} name={'password' as Path<T>} error={errors('password')} type="password" placeholder={aux.passwordNew} />
      <TextRow control={control} name={'confirmPassword' as Path<T>} error={errors('confirmPassword')} type="password" placeholder={aux.confirmPassword} />
      <Text className="auth-hint">{aux.passwordHint}</Text>
    </>
  )
}


/** The agreements tick box (required), reporting the agreement versions it showed. */
export function AgreementRow<T extends FieldValues>({ control, error, onAgreements }: RowProps<T> & { onAgreements?: (list: AppAgreement[]) => void }) {
  return (
    <Controller
      control={control}
      name={'agreed' as Path<T>}
      render={({ field }) => <AgreementCheck checked={field.value} onChange={field.onChange} onAgreements={onAgreements} error={error} />}
    />
  )
}

export function SubmitButton({ busy, onSubmit, children }: { busy: boolean; onSubmit: () => unknown; children: ReactNode }) {
  return (
    <Button className="auth-submit" type="primary" block shape="round" size="large" loading={busy} onClick={() => void onSubmit()} data-testid="submit">
      {children}
    </Button>
  )
}
