import { PreparingPage } from '@/components/page-frame'

export default function ErrorThirdPartAddressPage() {
  return <PreparingPage route="packages/error/thirdPartAddress" />
}
