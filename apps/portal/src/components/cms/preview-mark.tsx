import { Text, View } from '@tarojs/components'
import { cmsPreviewTexts } from '../../i18n/cms-preview'
import { useTexts } from '../../i18n/domain'
import './preview-mark.scss'

/** The visible mark of a draft shown from the console's preview link (or of a refused link). */
export function PreviewMark({ failed }: { failed: boolean }) {
  const t = useTexts(cmsPreviewTexts).preview
  return (
    <View className={`preview-mark${failed ? ' preview-mark--failed' : ''}`} role="status" data-testid="preview-mark">
      {!failed && <Text className="preview-mark__badge">{t.mark}</Text>}
      <Text className="preview-mark__text">{failed ? t.invalid : t.hint}</Text>
    </View>
  )
}
