import { useI18n } from '@/i18n'

/**
 * The embedded page on the web: an iframe of our own with a title that says whose page it is
 * (Taro's WebView, a Stencil element, gives its iframe none: Lighthouse's and axe's `frame-title`),
 * and without the Stencil runtime Taro's element would load for it.
 */
export function EmbeddedPage({ url }: { url: string }) {
  const { t } = useI18n()
  // The gateway's own pages (agreements) come as a path: they are the app's.
  const target = new URL(url, location.href)
  const site = target.origin === location.origin ? t.app.name : target.host
  return <iframe className="webview-page__frame" src={url} title={t.common.embeddedPage.replace('{host}', site)} data-testid="webview" />
}
