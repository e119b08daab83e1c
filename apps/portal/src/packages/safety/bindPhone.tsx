import { BindIntroPage } from '@/components/security/contact'

/** The account has no phone: what binding one gives; the identity check, then the phone form. */
export default function BindPhonePage() {
  return <BindIntroPage kind="phone" route="packages/safety/bindPhone" />
}
