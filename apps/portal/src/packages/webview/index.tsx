import { ROUTE_PATHS } from '@ess/contract/wire'
import { useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import { PageFrame } from '@/components/page-frame'
import { safeWebviewUrl } from '@/core/links/webview'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
// Relative: Taro's multi-platform resolution picks frame.h5.tsx for the web.
import { EmbeddedPage } from './frame'
import './index.scss'

/** An embedded web page (query `url`): an iframe on H5, web-view in the mini-program. */
export default function WebviewPage() {
  const raw = useRouter().params.url
  const url = safeWebviewUrl(raw ? decodeURIComponent(raw) : undefined, platform().apiBase)
  useEffect(() => {
    if (!url) void openRoute(ROUTE_PATHS.thirdPartAddress, undefined, { replace: true })
  }, [url])
  return (
    <PageFrame route="packages/webview/index" className="webview-page">
      {url && <EmbeddedPage url={url} />}
    </PageFrame>
  )
}
