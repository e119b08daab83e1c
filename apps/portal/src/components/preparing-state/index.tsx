import { useI18n } from '../../i18n'
import { EmptyState } from '../empty-state'

/** The body of a page whose feature is not built yet: a picture and a sentence. */
export function PreparingState() {
  const { t } = useI18n()
  return <EmptyState testId="preparing" title={t.frame.preparingTitle} description={t.frame.preparingText} />
}
