import { JumpCarrier } from '@/components/jump'

/** The middle page of jumps from other apps (SPEC §2). */
export default function MiddlePage() {
  return <JumpCarrier route="pages/template/middlePage/index" />
}
