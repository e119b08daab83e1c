import { PreparingPage } from '@/components/page-frame'

export default function JumpTransitionPage() {
  return <PreparingPage route="pages/jump/transition/index" />
}
