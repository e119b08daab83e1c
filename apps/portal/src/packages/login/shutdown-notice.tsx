import { PreparingPage } from '@/components/page-frame'

export default function LoginShutdownNoticePage() {
  return <PreparingPage route="packages/login/shutdown-notice" />
}
