import { Empty } from '@nutui/nutui-react-taro'
import { Image, View } from '@tarojs/components'
import illustration from '../../assets/illustrations/preparing.png'
import { useI18n } from '../../i18n'
import './index.scss'

/** The body of a page whose feature is not built yet: a picture and a sentence. */
export function PreparingState() {
  const { t } = useI18n()
  return (
    <View className="preparing" data-testid="preparing">
      <Empty
        image={<Image className="preparing__image" src={illustration} mode="aspectFit" />}
        title={t.frame.preparingTitle}
        description={t.frame.preparingText}
      />
    </View>
  )
}
