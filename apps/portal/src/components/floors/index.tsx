import type { Floor, LinkItem } from '@ess/contract/wire'
import { formatDate } from '../../core/display/time'
import { ArrowRight, Notice } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { Picture } from '../a11y/picture'
import { pressable } from '../a11y/pressable'
import { useI18n } from '../../i18n'
import { openLinkItem } from '../../core/links/click'
import { ROUTE_PATHS } from '@ess/contract/wire'
import { openRoute } from '../../core/navigation'
import { mediaUrl } from '../../core/cms/media'
import { Carousel } from './carousel'
import './index.scss'

type FloorOf<C extends Floor['component']> = Extract<Floor, { component: C }>

const tap = (item: LinkItem | null, origin: string) => () => {
  if (item) void openLinkItem(item, origin)
}


/**
 * The floors' small pictures (icons, covers, the banner's later slides) are fetched after what the
 * first paint needs (the code, the styles, the first slide): on a slow link a dozen of them, asked for
 * at the first render with the first slide, shared its bandwidth and connections.
 */
const LATER = { fetchPriority: 'low' } as const

function Banner({ floor, origin }: { floor: FloorOf<'banner'>; origin: string }) {
  const { t } = useI18n()
  const first = floor.slides[0]
  // The slide's aspect ratio is reserved before the pictures load (no layout shift).
  const ratio = first ? (first.image.height / first.image.width) * 100 : 43.5
  return (
    <View className="floor-banner" style={{ paddingTop: `${ratio}%` }} data-testid="floor-banner">
      <Carousel className="floor-banner__carousel" label={t.cms.banner} interval={4000} dots>
        {floor.slides.map((slide, i) => (
          <View key={i} className="floor-banner__slide" {...pressable(slide.item ? tap(slide.item, origin) : undefined, 'link')}>
            <Picture
              className="floor-banner__image"
              src={mediaUrl(slide.image.url)}
              mode="aspectFill"
              alt=""
              // The first slide is what a visitor sees first (the home page's largest paint): its picture
              // is fetched before the others and the icons below it.
              imgProps={{ fetchPriority: i === 0 ? 'high' : 'low' }}
            />
            <Text className="floor-banner__title">{slide.title}</Text>
          </View>
        ))}
      </Carousel>
    </View>
  )
}

function NoticeFloor({ floor, origin }: { floor: FloorOf<'notice'>; origin: string }) {
  const { t } = useI18n()
  return (
    <View className="floor-notice" data-testid="floor-notice">
      <Notice size={16} className="floor-notice__icon" />
      <Carousel className="floor-notice__carousel" label={t.cms.notices} interval={3500} vertical>
        {floor.messages.map((m, i) => (
          <View key={i} className="floor-notice__text" {...(m.item ? pressable(tap(m.item, origin), 'link') : {})}>
            {m.text}
          </View>
        ))}
      </Carousel>
    </View>
  )
}

function Grid({ floor, origin }: { floor: FloorOf<'grid'>; origin: string }) {
  return (
    <View className="floor-card" data-testid={`floor-grid-${floor.id}`}>
      {floor.title && <Text className="floor-card__title">{floor.title}</Text>}
      <View className="floor-grid" style={{ gridTemplateColumns: `repeat(${floor.columns}, 1fr)` }}>
        {floor.items.map((item) => (
          <View key={item.id} className="floor-grid__item" {...pressable(tap(item, origin), 'link')} data-testid={`link-${item.id}`}>
            <View className="floor-grid__icon">
              {item.icon && <Picture className="floor-grid__img" src={mediaUrl(item.icon)} mode="aspectFit" alt="" imgProps={LATER} />}
              {item.badge && <Text className="floor-grid__badge">{item.badge}</Text>}
            </View>
            <Text className="floor-grid__name">{item.name}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

function News({ floor, origin }: { floor: FloorOf<'news'>; origin: string }) {
  const { t } = useI18n()
  return (
    <View className="floor-card" data-testid="floor-news">
      <View className="floor-card__head">
        <Text className="floor-card__title">{floor.title}</Text>
        <View className="floor-card__more" {...pressable(tap(floor.more, origin), 'link')} data-testid="news-more">
          {t.cms.more}
          <ArrowRight size={10} />
        </View>
      </View>
      {floor.articles.map((a) => (
        <View key={a.id} className="floor-news__item" {...pressable(() => void openRoute(ROUTE_PATHS.newsDetail, { id: a.id }), 'link')} data-testid={`news-${a.id}`}>
          <View className="floor-news__text">
            <Text className="floor-news__title">{a.title}</Text>
            <Text className="floor-news__date">{formatDate(a.publishedAt)}</Text>
          </View>
          <Picture className="floor-news__cover" src={mediaUrl(a.cover.url)} mode="aspectFill" alt="" imgProps={LATER} />
        </View>
      ))}
    </View>
  )
}

function Float({ floor, origin }: { floor: FloorOf<'float'>; origin: string }) {
  return (
    <View className="floor-float" {...pressable(tap(floor.item, origin), 'link')} data-testid="floor-float">
      <Picture className="floor-float__icon" src={mediaUrl(floor.icon)} mode="aspectFit" alt="" imgProps={LATER} />
      <Text className="floor-float__label">{floor.label}</Text>
    </View>
  )
}

/** The floors of a page in `sort` order; an unknown component is skipped (newer content, older app). */
export function FloorList({ floors, origin }: { floors: readonly Floor[]; origin: string }) {
  return (
    <>
      {[...floors]
        .sort((a, b) => a.sort - b.sort)
        .map((floor) => {
          switch (floor.component) {
            case 'banner':
              return <Banner key={floor.id} floor={floor} origin={origin} />
            case 'notice':
              return <NoticeFloor key={floor.id} floor={floor} origin={origin} />
            case 'grid':
              return <Grid key={floor.id} floor={floor} origin={origin} />
            case 'news':
              return <News key={floor.id} floor={floor} origin={origin} />
            case 'float':
              return <Float key={floor.id} floor={floor} origin={origin} />
            default:
              return null
          }
        })}
    </>
  )
}

/** Placeholders shaped like the floors (banner ratio, a notice line, a grid of icons). */
export function FloorsSkeleton({ banner = true }: { banner?: boolean }) {
  return (
    <View className="floors-skeleton" data-testid="floors-skeleton" aria-busy="true">
      {banner && <View className="floors-skeleton__banner" />}
      <View className="floor-card">
        <View className="floors-skeleton__line" />
        <View className="floor-grid" style={{ gridTemplateColumns: 'repeat(4, 1fr)' }}>
          {Array.from({ length: 8 }, (_, i) => (
            <View key={i} className="floor-grid__item">
              <View className="floors-skeleton__icon" />
              <View className="floors-skeleton__text" />
            </View>
          ))}
        </View>
      </View>
    </View>
  )
}
