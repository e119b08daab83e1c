import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import { loadCaptchaWork, searchCaptchaWork, verifyCaptchaWork } from '../../core/auth/captcha'
import { fill } from '../../i18n'
import { pressable } from '../a11y/pressable'
import { useTexts } from '../../i18n/domain'
import { captchaTexts } from '../../i18n/captcha'

type WorkStatus = 'starting' | 'running' | 'checking' | 'success' | 'failure'

export interface WorkCheckProps {
  onPass: (captchaToken: string) => void
  resultDelayMs: number
}

/**
 * The puzzle's alternative without the picture (docs/accessibility.md): this device does the
 * gateway's proof of work (a few seconds, nothing to do) and trades it for the same token. The
 * status line is a live region that exists before its first words, so they are read out; the
 * progress is the chance that the search has ended by now (1 − e^(−tries/expected)).
 */
export function WorkCheck({ onPass, resultDelayMs }: WorkCheckProps) {
  const cpx = useTexts(captchaTexts)
  const [status, setStatus] = useState<WorkStatus>('starting')
  const [done, setDone] = useState(0)
  const alive = useRef(true)
  // The latest props, read when the work is done: the popup's owner hands a new onPass at each of
  // its renders, and a search must not restart (a new challenge, out of the hourly budget) for it.
  const latest = useRef({ onPass, resultDelayMs })
  latest.current = { onPass, resultDelayMs }

  const run = useCallback(async () => {
    setStatus('running')
    setDone(0)
    const work = await loadCaptchaWork()
    if (!alive.current) return
    if (!work) {
      setStatus('failure')
      return
    }
    const nonce = await searchCaptchaWork(work, { onProgress: (share) => alive.current && setDone(share), stopped: () => !alive.current })
    if (!alive.current || nonce === undefined) return
    setStatus('checking')
    const token = await verifyCaptchaWork(work.challengeId, nonce)
    if (!alive.current) return
    setStatus(token ? 'success' : 'failure')
    if (token) setTimeout(() => alive.current && latest.current.onPass(token), latest.current.resultDelayMs)
  }, [])

  useEffect(() => {
    alive.current = true
    // After the first render: the live region is on the page before it speaks.
    const timer = setTimeout(() => void run(), 0)
    return () => {
      alive.current = false
      clearTimeout(timer)
    }
  }, [run])

  const percent = status === 'success' ? 100 : Math.min(99, Math.floor((1 - Math.exp(-done)) * 100))
  const words =
    status === 'success' ? cpx.success : status === 'failure' ? cpx.workFailed : status === 'starting' ? '' : cpx.workRunning

  return (
    <View className={`slider-captcha__work slider-captcha__work--${status}`} data-testid="captcha-work" data-status={status}>
      <View
        className="slider-captcha__work-bar"
        role="progressbar"
        aria-label={cpx.otherWay}
        aria-valuemin="0"
        aria-valuemax="100"
        aria-valuenow={String(percent)}
      >
        <View className="slider-captcha__work-fill" style={{ width: `${percent}%` }} />
      </View>
      <Text className="slider-captcha__work-percent" aria-hidden="true">
        {fill(cpx.workProgress, { percent })}
      </Text>
      <View className="slider-captcha__work-status" role="status" data-testid="captcha-work-status">
        {words}
      </View>
      {status === 'failure' && (
        <View className="slider-captcha__work-retry" {...pressable(() => void run())} data-testid="captcha-work-retry">
          {cpx.workRetry}
        </View>
      )}
    </View>
  )
}
