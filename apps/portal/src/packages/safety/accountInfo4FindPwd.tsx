import { PreparingPage } from '@/components/page-frame'

export default function SafetyAccountInfo4FindPwdPage() {
  return <PreparingPage route="packages/safety/accountInfo4FindPwd" />
}
