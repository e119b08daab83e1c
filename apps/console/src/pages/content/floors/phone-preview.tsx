import { NotificationOutlined, RightOutlined } from '@ant-design/icons'
import type { Floor } from '@ess/contract'
import { Segmented, Typography } from 'antd'
import { useTexts } from '../../../providers/i18n'
import type { DraftFloors, Lang } from './model'

const PHONE_WIDTH = 375

/**
 * The draft drawn as the portal draws it, at a phone's width (375 px), in one language: what the
 * operator is changing, before it is saved. The real portal with the saved draft opens through the
 * preview link (the portal refuses to be framed).
 */
export function PhonePreview({ draft, lang, onLang }: { draft: DraftFloors; lang: Lang; onLang: (lang: Lang) => void }) {
  const { texts } = useTexts()
  const t = texts.content
  const floors = draft[lang]
  return (
    <div>
      <Segmented
        block
        value={lang}
        onChange={(value) => onLang(value as Lang)}
        options={[
          { value: 'zh', label: t.common.zh },
          { value: 'en', label: t.common.en },
        ]}
        title={t.floors.previewLanguage}
        style={{ marginBottom: 12 }}
      />
      <div
        data-testid="phone-preview"
        role="region"
        aria-label={t.floors.previewTitle}
        tabIndex={0}
        lang={lang === 'zh' ? 'zh-CN' : 'en-US'}
        style={{ width: PHONE_WIDTH, maxWidth: '100%', margin: '0 auto', height: 640, overflowY: 'auto', border: '10px solid #1f2937', borderRadius: 28, background: '#f5f6f8', position: 'relative', boxShadow: '0 8px 24px rgba(15,23,42,0.18)' }}
      >
        <div style={{ position: 'sticky', top: 0, zIndex: 3, background: '#f59e0b', color: '#111827', textAlign: 'center', fontSize: 12, fontWeight: 600, padding: '2px 0' }}>{t.floors.previewMark}</div>
        {floors.length === 0 && <Typography.Paragraph style={{ padding: 24, textAlign: 'center', color: '#475569' }}>{t.floors.noFloors}</Typography.Paragraph>}
        {floors.map((floor) => (
          <PreviewFloor key={floor.id} floor={floor} />
        ))}
      </div>
    </div>
  )
}

function PreviewFloor({ floor }: { floor: Floor }) {
  switch (floor.component) {
    case 'banner': {
      const slide = floor.slides[0]
      return (
        <div data-testid="preview-banner" style={{ position: 'relative', margin: 12, borderRadius: 12, overflow: 'hidden', aspectRatio: `${slide?.image.width ?? 690} / ${slide?.image.height ?? 300}`, background: '#dbeafe' }}>
          {slide?.image.url && <img src={slide.image.url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
          {slide?.title && <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '16px 12px 8px', color: '#fff', fontWeight: 600, background: 'linear-gradient(transparent, rgba(0,0,0,0.6))' }}>{slide.title}</div>}
          {floor.slides.length > 1 && (
            <div style={{ position: 'absolute', right: 10, top: 8, display: 'flex', gap: 4 }}>
              {floor.slides.map((_, i) => (
                <span key={i} style={{ width: 6, height: 6, borderRadius: 3, background: i === 0 ? '#fff' : 'rgba(255,255,255,0.5)' }} />
              ))}
            </div>
          )}
        </div>
      )
    }
    case 'notice':
      return (
        <div style={{ margin: '0 12px 12px', padding: '8px 12px', background: '#fff', borderRadius: 10, display: 'flex', gap: 8, alignItems: 'center', fontSize: 13, color: '#1f2937' }}>
          <NotificationOutlined style={{ color: '#2563eb' }} />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{floor.messages[0]?.text}</span>
        </div>
      )
    case 'grid':
      return (
        <div style={{ margin: '0 12px 12px', padding: 12, background: '#fff', borderRadius: 12 }}>
          {floor.title && <div style={{ fontWeight: 600, marginBottom: 8, color: '#111827' }}>{floor.title}</div>}
          <div style={{ display: 'grid', gridTemplateColumns: `repeat(${floor.columns}, 1fr)`, rowGap: 12 }}>
            {floor.items.map((item) => (
              <div key={item.id} style={{ textAlign: 'center', fontSize: 12, color: '#1f2937', position: 'relative' }}>
                {item.icon ? <img src={item.icon} alt="" width={36} height={36} style={{ display: 'block', margin: '0 auto 4px' }} /> : <div style={{ width: 36, height: 36, margin: '0 auto 4px', borderRadius: 8, background: '#e2e8f0' }} />}
                {item.name}
                {item.badge && <span style={{ position: 'absolute', top: -4, right: 4, background: '#dc2626', color: '#fff', borderRadius: 8, fontSize: 10, padding: '0 4px' }}>{item.badge}</span>}
              </div>
            ))}
          </div>
        </div>
      )
    case 'news':
      return (
        <div style={{ margin: '0 12px 12px', padding: 12, background: '#fff', borderRadius: 12 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', fontWeight: 600, color: '#111827', marginBottom: 8 }}>
            {floor.title}
            <span style={{ fontWeight: 400, fontSize: 12, color: '#475569' }}>
              {floor.more.name} <RightOutlined />
            </span>
          </div>
          {floor.articles.slice(0, 3).map((article) => (
            <div key={article.id} style={{ display: 'flex', gap: 8, padding: '6px 0', borderTop: '1px solid #f1f5f9', fontSize: 13, color: '#1f2937' }}>
              <img src={article.cover.url} alt="" width={64} height={44} style={{ objectFit: 'cover', borderRadius: 6 }} />
              <span>{article.title}</span>
            </div>
          ))}
        </div>
      )
    case 'float':
      return (
        <div style={{ position: 'sticky', bottom: 16, display: 'flex', justifyContent: 'flex-end', padding: '0 12px', pointerEvents: 'none' }}>
          <div style={{ width: 56, height: 56, borderRadius: 28, background: '#fff', boxShadow: '0 2px 8px rgba(0,0,0,0.2)', display: 'grid', placeItems: 'center', fontSize: 10, color: '#1f2937', textAlign: 'center' }}>
            {floor.icon && <img src={floor.icon} alt="" width={24} height={24} />}
            {floor.label}
          </div>
        </div>
      )
  }
}
