import { Image, type ImageProps } from '@tarojs/components'

export interface PictureProps extends ImageProps {
  /**
   * The text alternative, required: what the picture says, or '' for a decorative one (an icon
   * beside its own label, a cover beside its title), which screen readers then skip.
   */
  alt: string
}

/**
 * Taro's Image with its text alternative on the web's `<img alt>` (Image has no `alt` prop of its
 * own; `imgProps` are the inner `<img>`'s attributes on H5, and the mini-program has no such tag).
 */
export function Picture({ alt, imgProps, ...props }: PictureProps) {
  return <Image {...props} imgProps={{ ...imgProps, alt }} aria-hidden={alt === '' ? true : undefined} />
}
