import { Children } from 'react'
import { Swiper, SwiperItem } from '@tarojs/components'
import type { CarouselProps } from './carousel-model'

export type { CarouselProps } from './carousel-model'

/**
 * The mini-program's carousel: the native Swiper (free there, unlike on H5 where Taro's Swiper
 * brings the `swiper` library; `carousel.tsx` replaces it on H5). Same props on both ends.
 */
export function Carousel({ children, className, interval, vertical = false, dots = false, label }: CarouselProps) {
  return (
    <Swiper
      className={className}
      aria-label={label}
      indicatorDots={dots && !vertical}
      indicatorColor="rgba(255,255,255,0.5)"
      indicatorActiveColor="#ffffff"
      vertical={vertical}
      autoplay
      circular
      interval={interval}
    >
      {Children.toArray(children).map((child, i) => (
        <SwiperItem key={i}>{child}</SwiperItem>
      ))}
    </Swiper>
  )
}
