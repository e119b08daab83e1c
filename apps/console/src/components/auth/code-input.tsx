import { Input } from 'antd'
import type { ComponentProps } from 'react'

type OtpProps = ComponentProps<typeof Input.OTP>

/**
 * The six boxes of a TOTP code inside a Form.Item. The item gives its control `aria-required` and
 * `aria-invalid`; antd's Input.OTP puts them on the boxes' wrapper, a div without a role, which
 * axe refuses (aria-allowed-attr, critical). The wrapper is a named group instead, and each box
 * keeps antd's own label.
 */
export function CodeInput({ 'aria-required': _required, 'aria-invalid': _invalid, ...props }: OtpProps & { 'aria-required'?: unknown; 'aria-invalid'?: unknown }) {
  return <Input.OTP length={6} role="group" {...props} />
}
