import type { ReactNode } from 'react'

/**
 * The carousel of the banner and notice floors. One set of props for both ends: `carousel.tsx`
 * (H5, hand-written) and `carousel.weapp.tsx` (the mini-program's native Swiper).
 */
export interface CarouselProps {
  /** One child per slide. */
  children: ReactNode
  className?: string
  /** Autoplay period in ms. */
  interval: number
  /** A vertical ticker (no swipe, no dots) instead of a horizontal carousel. */
  vertical?: boolean
  /** Indicator dots (horizontal only). */
  dots?: boolean
  /** The accessible name of the carousel. */
  label?: string
}

/** A move of more than this (CSS px) along the carousel's axis makes a gesture a swipe, not a tap. */
export const TAP_SLOP_PX = 8
/** A released swipe changes slide past this fraction of the width… */
export const SWIPE_DISTANCE_RATIO = 0.18
/** …or when flicked faster than this (px/ms) over at least the tap slop. */
export const SWIPE_VELOCITY = 0.35
/** The slide transition, in ms (the CSS of `.ess-carousel__track` uses the same). */
export const SLIDE_MS = 400

/** The real slide index (0…count-1) of any position, whichever way it overflowed. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

/**
 * The track holds [last clone, slide 0 … slide n-1, first clone]: track position p shows slide
 * p-1. A move to a clone (0 or n+1) is followed, once the transition ends, by a jump without
 * transition to the real slide it copies.
 */
export function trackPositionOf(index: number): number {
  return index + 1
}

/** The real track position of a (possibly clone) position; null when it is already real. */
export function settleTrackPosition(position: number, count: number): number | null {
  if (count <= 1) return null
  if (position <= 0) return count
  if (position >= count + 1) return 1
  return null
}

/** The slide index shown at a track position (clones show the slide they copy). */
export function indexAtTrackPosition(position: number, count: number): number {
  return wrapIndex(position - 1, count)
}

/** Whether a pointer that moved (dx, dy) since going down is still a tap. */
export function isTap(dx: number, dy: number, slop = TAP_SLOP_PX): boolean {
  return Math.abs(dx) <= slop && Math.abs(dy) <= slop
}

/**
 * The step a released horizontal swipe makes: +1 (next: dragged left), -1 (previous: dragged
 * right) or 0 (back to where it was).
 */
export function swipeStep(dx: number, durationMs: number, width: number): -1 | 0 | 1 {
  const distance = Math.abs(dx)
  if (distance <= TAP_SLOP_PX || width <= 0) return 0
  const fast = distance / Math.max(durationMs, 1) >= SWIPE_VELOCITY
  if (!fast && distance < width * SWIPE_DISTANCE_RATIO) return 0
  return dx < 0 ? 1 : -1
}
