import { PreparingPage } from '@/components/page-frame'

export default function WebviewPage() {
  return <PreparingPage route="packages/webview/index" />
}
