import { Button, Empty } from '@nutui/nutui-react-taro'
import { Image, View } from '@tarojs/components'
import illustration from '../../assets/illustrations/preparing.png'
import { loadFloors } from '../../core/cms/floors'
import { useI18n } from '../../i18n'

/** A page whose floors could not be read: a picture, a sentence and a retry. */
export function FloorsFailed({ code }: { code: string }) {
  const { t } = useI18n()
  return (
    <View className="floors-failed" data-testid="floors-failed">
      <Empty image={<Image src={illustration} mode="aspectFit" style={{ width: '160px', height: '160px' }} />} description={t.cms.loadFailed} />
      <View style={{ display: 'flex', justifyContent: 'center' }}>
        <Button type="primary" shape="round" size="small" onClick={() => void loadFloors(code, { force: true })}>
          {t.cms.retry}
        </Button>
      </View>
    </View>
  )
}
