import { Select, type SelectProps } from 'antd'

/**
 * A Select inside a Form.Item with rules. The item gives its control `aria-required` and
 * `aria-invalid`; antd's Select puts them on its root, a div without a role, which axe refuses
 * (aria-allowed-attr, critical), as with the code boxes (components/auth/code-input.tsx). The
 * combobox inside keeps the item's label.
 */
export function ItemSelect({ 'aria-required': _required, 'aria-invalid': _invalid, ...props }: SelectProps & { 'aria-required'?: unknown; 'aria-invalid'?: unknown }) {
  return <Select {...props} />
}
