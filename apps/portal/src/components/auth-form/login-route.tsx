import { LoginPanel } from './login-panel'

/**
 * What the route pages/login/index shows. On the web and in the native webview it is the login
 * screen itself; the mini-program build takes login-route.weapp.tsx instead (Taro's platform
 * suffix), so the sign-in forms and their libraries stay out of the mini-program's main package.
 */
export function LoginRoute({ params }: { params: Record<string, string | undefined> }) {
  return <LoginPanel params={params} />
}
