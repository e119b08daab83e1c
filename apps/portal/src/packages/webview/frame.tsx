import { WebView } from '@tarojs/components'

/** The embedded page in the mini-program: its web-view (which covers the page, titled by the page it shows). */
export function EmbeddedPage({ url }: { url: string }) {
  return <WebView className="webview-page__frame" src={url} data-testid="webview" />
}
