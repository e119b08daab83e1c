import { Input, Popup } from '@nutui/nutui-react-taro'
import { Button } from '../a11y/button'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useDialogFocus } from '../a11y/dialog-focus'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { personalInfoTexts } from '../../i18n/personal-info'

export interface EditField {
  key: 'username' | 'address' | 'postcode'
  label: string
  value: string
  placeholder: string
  hint?: string
  maxLength: number
  type?: 'text' | 'number'
  /** The message when the value is not acceptable, else undefined. */
  check: (value: string) => string | undefined
}

/** A bottom sheet editing one field: the input, its rule hint, an inline error, Save. */
export function EditPopup({ field, onClose, onSave }: { field: EditField | null; onClose: () => void; onSave: (value: string) => Promise<boolean> }) {
  const pix = useTexts(personalInfoTexts)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  useDialogFocus(!!field, '.pi-edit', { onEscape: onClose })
  useEffect(() => {
    setValue(field?.value ?? '')
    setError(undefined)
  }, [field])
  const save = async () => {
    if (!field) return
    const problem = field.check(value.trim())
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      if (await onSave(value.trim())) onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    // No destroyOnClose: the content goes with `field` already, and NutUI's delayed destroy, not
    // cancelled by a reopen within its 300 ms, emptied a popup opened again at once (see slider-captcha).
    <Popup visible={!!field} position="bottom" round closeOnOverlayClick onClose={onClose}>
      {field && (
        <View className="pi-edit" role="dialog" aria-label={field.label} data-testid={`edit-${field.key}`}>
          <Text className="pi-edit__title">{field.label}</Text>
          <View className={`pi-edit__box${error ? ' pi-edit__box--error' : ''}`}>
            <Input
              className="pi-edit__input"
              value={value}
              type={field.type ?? 'text'}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              clearable
              onChange={(v) => setValue(String(v))}
              {...({ 'aria-label': field.label, 'data-testid': `edit-${field.key}-input` } as object)}
            />
          </View>
          {error ? (
            <View className="pi-edit__error" role="alert" data-testid={`edit-${field.key}-error`}>
              {error}
            </View>
          ) : (
            field.hint && <Text className="pi-edit__hint">{field.hint}</Text>
          )}
          <Button type="primary" block shape="round" size="large" loading={busy} onClick={() => void save()} data-testid={`edit-${field.key}-save`}>
            {pix.save}
          </Button>
        </View>
      )}
    </Popup>
  )
}
