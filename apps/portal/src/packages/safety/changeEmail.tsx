import { ContactOverviewPage } from '@/components/security/contact'

/** The bound email (masked): change it or remove it, each after the identity check. */
export default function ChangeEmailPage() {
  return <ContactOverviewPage kind="email" route="packages/safety/changeEmail" />
}
