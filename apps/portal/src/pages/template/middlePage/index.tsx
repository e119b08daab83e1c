import { PreparingPage } from '@/components/page-frame'

export default function TemplateMiddlePagePage() {
  return <PreparingPage route="pages/template/middlePage/index" />
}
