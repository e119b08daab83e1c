import { ContactOverviewPage } from '@/components/security/contact'

/** The bound phone (masked): change it or remove it, each after the identity check. */
export default function ChangePhonePage() {
  return <ContactOverviewPage kind="phone" route="packages/safety/changePhone" />
}
