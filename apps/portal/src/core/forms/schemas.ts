/**
 * What the lazily validated forms load after their screen has painted (./lazy.ts): the schemas of the
 * sign-in, registration, real-name and account security forms, and zod's resolver for react-hook-form.
 * On the web this module is its own request (the forms chunk, with zod); in the mini-program it is
 * part of the package (load.weapp.ts).
 */
export { zodResolver } from '@hookform/resolvers/zod'
export { codeLoginForm, emailForm, firstIssueKey, passwordLoginForm, phoneForm, registerEmailForm, registerPhoneForm } from '../auth/forms'
export { bankCardForm, bankPhoneForm, idNumberForm } from '../real-name/forms'
export {
  changeWithCodeForm,
  codeAndNewPasswordForm,
  emailCodeForm,
  identityCodeForm,
  identityPasswordForm,
  newPasswordForm,
  phoneCodeForm,
} from '../security/forms'
