import { JumpCarrier } from '@/components/jump'

/** Inner jumps to the provider's older pages (SPEC §2, §4). */
export default function JumpTransitionPage() {
  return <JumpCarrier route="pages/jump/transition/index" />
}
