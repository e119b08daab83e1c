import { Checkbox, Select, type RefSelectProps, type SelectProps } from 'antd'
import { useEffect, useRef } from 'react'
import type { CheckboxGroupProps } from 'antd/es/checkbox'

/** What Form.Item gives its control besides the value: the ARIA state of the field. */
type ItemAria = { 'aria-required'?: unknown; 'aria-invalid'?: unknown }

/** The control's props without the item's ARIA state, which its role-less root may not carry. */
function withoutItemAria<P extends object>({ 'aria-required': _required, 'aria-invalid': _invalid, ...props }: P & ItemAria): P {
  return props as P
}

/**
 * A Select inside a Form.Item with rules. The item gives its control `aria-required` and
 * `aria-invalid`; antd's Select puts them on its root, a div without a role, which axe refuses
 * (aria-allowed-attr, critical), as with the code boxes (components/auth/code-input.tsx). They are
 * handed to the combobox input inside instead, which also keeps the item's label.
 */
export function ItemSelect({ 'aria-required': required, 'aria-invalid': invalid, ...props }: SelectProps & ItemAria) {
  const ref = useRef<RefSelectProps>(null)
  useEffect(() => {
    const input = ref.current?.nativeElement?.querySelector('input[role="combobox"]')
    if (!input) return
    for (const [name, value] of [['aria-required', required], ['aria-invalid', invalid]] as const) {
      if (value === true || value === 'true') input.setAttribute(name, 'true')
      else input.removeAttribute(name)
    }
  }, [required, invalid])
  return <Select ref={ref} {...props} />
}

/** A checkbox group inside a Form.Item with rules: its root div has no role either (see ItemSelect). */
export function ItemCheckboxGroup(props: CheckboxGroupProps & ItemAria) {
  return <Checkbox.Group {...withoutItemAria(props)} />
}
