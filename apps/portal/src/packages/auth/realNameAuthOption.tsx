import { ROUTE_PATHS, type RoutePath } from '@ess/contract/wire'
import { ShieldCheck, User, Wallet } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import '@/components/real-name/index.scss'
import { requireLogin } from '@/core/auth/target'
import { openRoute } from '@/core/navigation'
import { realNameOrigin } from '@/core/real-name/resume'
import { useTexts } from '@/i18n/domain'
import { realNameTexts } from '@/i18n/real-name'

const ROUTE: RoutePath = 'packages/auth/realNameAuthOption'

/**
 * The choice of real-name verification (SPEC §2): by ID number or by bank card. `origin` (e.g.
 * home) is carried through to the success page, which returns there (or to the remembered target).
 */
export default function RealNameAuthOptionPage() {
  const r = useTexts(realNameTexts)
  const origin = realNameOrigin(useRouter().params.origin)
  useDidShow(() => void requireLogin(ROUTE, { origin }))
  const open = (route: RoutePath) => () => void openRoute(route, { origin })
  return (
    <PageFrame route="packages/auth/realNameAuthOption">
      <View className="rn-hero">
        <View className="rn-hero__icon">
          <ShieldCheck size={28} color="#ffffff" />
        </View>
        <Text className="rn-hero__title">{r.optionTitle}</Text>
        <Text className="rn-hero__text">{r.optionIntro}</Text>
      </View>
      <ListCard>
        <ListRow
          testId="option-id-number"
          icon={<User size={18} />}
          title={
            <View className="rn-option">
              <Text>{r.byIdNumber}</Text>
              <Text className="rn-option__hint">{r.byIdNumberHint}</Text>
            </View>
          }
          onClick={open(ROUTE_PATHS.idNumberAuthentication)}
        />
        <ListRow
          testId="option-bank-card"
          icon={<Wallet size={18} />}
          title={
            <View className="rn-option">
              <Text>{r.byBankCard}</Text>
              <Text className="rn-option__hint">{r.byBankCardHint}</Text>
            </View>
          }
          onClick={open(ROUTE_PATHS.bankCardAuthentication)}
        />
      </ListCard>
      <View className="rn-privacy">
        <ShieldCheck size={14} className="rn-privacy__icon" />
        <Text>{r.privacyNote}</Text>
      </View>
    </PageFrame>
  )
}
