import { PreparingPage } from '@/components/page-frame'

export default function UsersServiceHeaderPage() {
  return <PreparingPage route="packages/users/service/header" />
}
