import { Button } from '../a11y/button'
import { loadFloors } from '../../core/cms/floors'
import { useI18n } from '../../i18n'
import { EmptyState } from '../empty-state'

/** A page whose floors could not be read: a picture, a sentence and a retry. */
export function FloorsFailed({ code }: { code: string }) {
  const { t } = useI18n()
  return (
    <EmptyState
      testId="floors-failed"
      description={t.cms.loadFailed}
      actions={
        <Button type="primary" shape="round" size="small" onClick={() => void loadFloors(code, { force: true })}>
          {t.cms.retry}
        </Button>
      }
    />
  )
}
