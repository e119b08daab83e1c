import { type Captcha } from '@ess/contract/wire'
import { ArrowRight, Check, Close, Refresh } from '@nutui/icons-react-taro'
import { Popup } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { createTrailRecorder, loadCaptcha, verifyCaptcha, type TrailRecorder } from '../../core/auth/captcha'
import { useI18n } from '../../i18n'
import { useDialogFocus } from '../a11y/dialog-focus'
import { Picture } from '../a11y/picture'
import { pressable } from '../a11y/pressable'
import { followMouse } from './use-mouse-drag'
import { WorkCheck } from './work-check'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { captchaTexts } from '../../i18n/captcha'

type Status = 'loading' | 'error' | 'idle' | 'dragging' | 'checking' | 'success' | 'failure'

export interface SliderCaptchaProps {
  /** Called with the single-use captcha token once the puzzle is solved. */
  onPass: (captchaToken: string) => void
  /** Pause after a result before moving on (ms). */
  resultDelayMs?: number
}

interface TouchLike {
  clientX?: number
  clientY?: number
  pageX?: number
  pageY?: number
  x?: number
  y?: number
}
const pointOf = (t: TouchLike | undefined): [number, number] => [t?.clientX ?? t?.pageX ?? t?.x ?? 0, t?.clientY ?? t?.pageY ?? t?.y ?? 0]
const touchesOf = (e: unknown) => e as { touches?: ArrayLike<TouchLike>; changedTouches?: ArrayLike<TouchLike> }
const pct = (v: number, of: number) => `${(v / of) * 100}%`

let seq = 0

/** Before the puzzle could be measured: its width in the 600/750 popup of a phone. */
function fallbackWidth(): number {
  let width = 0
  try {
    width = Number(Taro.getWindowInfo().windowWidth)
  } catch {
    /* no window info */
  }
  return Number.isFinite(width) && width > 0 ? Math.min(width, 375) * 0.7 : 262
}

/**
 * The security check: the slider puzzle, and below it the way for people who cannot see it (a
 * proof of work done on the device, `WorkCheck`). One button switches between the two and stays
 * where it is, so keyboard focus stays on it.
 */
export function SliderCaptcha({ onPass, resultDelayMs = 600 }: SliderCaptchaProps) {
  const cpx = useTexts(captchaTexts)
  const [withoutPicture, setWithoutPicture] = useState(false)
  return (
    <View className="slider-captcha-host">
      {withoutPicture ? <WorkCheck onPass={onPass} resultDelayMs={resultDelayMs} /> : <SliderPuzzle onPass={onPass} resultDelayMs={resultDelayMs} />}
      <View className="slider-captcha__other-way" {...pressable(() => setWithoutPicture(!withoutPicture))} data-testid="captcha-other-way">
        {withoutPicture ? cpx.backToPuzzle : cpx.otherWay}
      </View>
    </View>
  )
}

/**
 * The slider puzzle (contract verify.ts): the background with its cut-out and the piece from
 * getCaptcha; the user slides the handle (touch or mouse), the piece follows, the recorded trail
 * goes to checkCaptcha. A pass hands the token to `onPass`; a failure shows and loads a new puzzle.
 */
function SliderPuzzle({ onPass, resultDelayMs = 600 }: SliderCaptchaProps) {
  const { t } = useI18n()
  const cpx = useTexts(captchaTexts)
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [x, setX] = useState(0)
  const recorder = useRef<TrailRecorder | null>(null)
  const widthPx = useRef(0)
  const alive = useRef(true)
  const id = useRef(`slider-captcha-${++seq}`).current

  const reload = useCallback(async () => {
    setStatus('loading')
    setX(0)
    const next = await loadCaptcha()
    if (!alive.current) return
    setCaptcha(next ?? null)
    setStatus(next ? 'idle' : 'error')
  }, [])

  useEffect(() => {
    alive.current = true
    void reload()
    return () => {
      alive.current = false
    }
  }, [reload])

  // The drawn width, to turn pointer moves into background pixels.
  const measure = useCallback(() => {
    if (!alive.current) return
    try {
      Taro.createSelectorQuery()
        .select(`#${id}`)
        .boundingClientRect((rect) => {
          const r = Array.isArray(rect) ? rect[0] : rect
          if (r && r.width) widthPx.current = r.width
        })
        .exec()
    } catch {
      /* not on a page (tests): the fallback width is used */
    }
  }, [id])
  useEffect(() => {
    if (captcha) setTimeout(measure, 0)
  }, [captcha, measure])

  const begin = (cx: number, cy: number) => {
    if (!captcha || (status !== 'idle' && status !== 'failure')) return false
    const drawn = widthPx.current || fallbackWidth()
    const rec = createTrailRecorder({ scale: captcha.width / drawn, maxX: captcha.width - captcha.pieceWidth })
    rec.start(cx, cy)
    recorder.current = rec
    setStatus('dragging')
    return true
  }
  const move = (cx: number, cy: number) => {
    const rec = recorder.current
    if (rec?.dragging) setX(rec.move(cx, cy))
  }
  const finish = async (cx?: number, cy?: number) => {
    const rec = recorder.current
    if (!rec?.dragging || !captcha) return
    const drop = rec.end(cx, cy)
    recorder.current = null
    setX(drop.x)
    setStatus('checking')
    const token = await verifyCaptcha(captcha.captchaId, drop)
    if (!alive.current) return
    setStatus(token ? 'success' : 'failure')
    setTimeout(() => {
      if (!alive.current) return
      if (token) onPass(token)
      else void reload()
    }, resultDelayMs)
  }

  /**
   * The keyboard: arrow keys move the piece (a held key speeds up, like a drag does; Shift or
   * Page keys move further), Home goes back to the start, Enter or Space drops it. The trail is
   * recorded in background pixels with the real key times, and judged like a drag: the gap must
   * still be found by looking at the picture, so the check keeps its protection.
   */
  const held = useRef(0)
  const onKeyDown = (e: { key?: string; shiftKey?: boolean; repeat?: boolean; preventDefault?: () => void }) => {
    if (!captcha) return
    const maxX = captcha.width - captcha.pieceWidth
    const forward = e.key === 'ArrowRight' || e.key === 'ArrowUp' || e.key === 'PageUp'
    const back = e.key === 'ArrowLeft' || e.key === 'ArrowDown' || e.key === 'PageDown'
    const drop = e.key === 'Enter' || e.key === ' '
    if (!forward && !back && !drop && e.key !== 'Home') return
    e.preventDefault?.()
    if (drop) {
      if (recorder.current?.dragging) void finish(recorder.current.x, 0)
      return
    }
    if (!recorder.current?.dragging) {
      if (status !== 'idle' && status !== 'failure') return
      const rec = createTrailRecorder({ scale: 1, maxX })
      rec.start(0, 0)
      recorder.current = rec
      held.current = 0
      setStatus('dragging')
    }
    const rec = recorder.current!
    held.current = e.repeat ? Math.min(held.current + 1, 8) : 0
    const step = e.shiftKey || e.key === 'PageUp' || e.key === 'PageDown' ? 10 : 1 + held.current
    const target = e.key === 'Home' ? 0 : Math.min(Math.max(rec.x + (forward ? step : -step), 0), maxX)
    setX(rec.move(target, 0))
  }

  const onMouseDown = (e: { clientX: number; clientY: number; preventDefault?: () => void }) => {
    e.preventDefault?.()
    if (begin(e.clientX, e.clientY)) followMouse(move, (cx, cy) => void finish(cx, cy))
  }

  const busy = status === 'checking' || status === 'loading'
  const message =
    status === 'success' ? cpx.success : status === 'failure' ? cpx.failure : status === 'checking' ? cpx.checking : cpx.hint

  return (
    <View className="slider-captcha" data-testid="slider-captcha" data-status={status}>
      <View className="slider-captcha__stage" id={id}>
        {captcha ? (
          <>
            <Picture className="slider-captcha__bg" src={captcha.background} mode="widthFix" alt={cpx.imageAlt} onLoad={measure} />
            <Picture
              alt=""
              className="slider-captcha__piece"
              src={captcha.piece}
              style={{
                left: pct(x, captcha.width),
                top: pct(captcha.pieceY, captcha.height),
                width: pct(captcha.pieceWidth, captcha.width),
                height: pct(captcha.pieceHeight, captcha.height),
              }}
            />
          </>
        ) : (
          <View
            className="slider-captcha__placeholder"
            {...(status === 'error' ? pressable(() => void reload()) : {})}
            data-testid="captcha-placeholder"
          >
            {status === 'error' ? cpx.loadFailed : t.common.loading}
          </View>
        )}
        <View
          className="slider-captcha__refresh"
          {...pressable(() => !busy && void reload())}
          aria-label={cpx.refresh}
          data-testid="captcha-refresh"
        >
          <Refresh size={16} color="#ffffff" />
        </View>
        {(status === 'success' || status === 'failure') && (
          <View className={`slider-captcha__result slider-captcha__result--${status}`} role="status" data-testid="captcha-result">
            {message}
          </View>
        )}
      </View>
      <View className={`slider-captcha__track slider-captcha__track--${status}`}>
        <View className="slider-captcha__fill" style={{ width: captcha ? `calc(${pct(x, captcha.width)} + 40px)` : '0' }} />
        <Text className="slider-captcha__hint">{status === 'idle' || status === 'loading' || status === 'error' ? cpx.hint : ''}</Text>
        <Text className="slider-captcha__keys" id={`${id}-keys`}>
          {cpx.keyboardHint}
        </Text>
        <View
          className="slider-captcha__handle"
          data-testid="captcha-handle"
          role="slider"
          aria-label={cpx.handleLabel}
          // Strings: the web build writes a number or boolean aria-* value once and never updates it.
          aria-valuemin="0"
          aria-valuemax={String(captcha ? captcha.width - captcha.pieceWidth : 0)}
          aria-valuenow={String(Math.round(x))}
          aria-busy={String(busy)}
          style={{ left: captcha ? pct(x, captcha.width) : '0' }}
          onTouchStart={(e) => begin(...pointOf(touchesOf(e).touches?.[0]))}
          onTouchMove={(e) => move(...pointOf(touchesOf(e).touches?.[0]))}
          onTouchEnd={(e) => void finish(...pointOf(touchesOf(e).changedTouches?.[0]))}
          onTouchCancel={() => void finish()}
          {...({ onMouseDown, onKeyDown, tabIndex: captcha ? 0 : -1, 'aria-describedby': `${id}-keys` } as object)}
        >
          {status === 'success' ? <Check size={18} color="#ffffff" /> : status === 'failure' ? <Close size={16} color="#ffffff" /> : <ArrowRight size={18} />}
        </View>
      </View>
    </View>
  )
}

export interface CaptchaPopupProps {
  visible: boolean
  onClose: () => void
  onPass: (captchaToken: string) => void
}

/** The puzzle in a popup, shown when a code is requested or a password login is submitted. */
export function CaptchaPopup({ visible, onClose, onPass }: CaptchaPopupProps) {
  const cpx = useTexts(captchaTexts)
  useDialogFocus(visible, '.captcha-popup__body', { onEscape: onClose })
  return (
    // The content is mounted while `visible` only. NutUI's destroyOnClose is not used: its destroy runs
    // 300 ms after a close and a reopen does not cancel it, so a puzzle closed (Escape, ×) and opened
    // again at once lost its content mid-check, leaving an empty popup over the page.
    <Popup visible={visible} position="center" round closeOnOverlayClick onClose={onClose} className="captcha-popup">
      {visible && (
        <View className="captcha-popup__body" role="dialog" aria-label={cpx.title} data-testid="captcha-popup">
          <View className="captcha-popup__head">
            <Text className="captcha-popup__title">{cpx.title}</Text>
            <View className="captcha-popup__close" {...pressable(onClose)} aria-label={cpx.close}>
              <Close size={14} />
            </View>
          </View>
          <SliderCaptcha onPass={onPass} />
        </View>
      )}
    </Popup>
  )
}
