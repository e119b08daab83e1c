import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { Floor, LinkItem } from '@ess/contract'
import { ruleMessage } from '@ess/contract'
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { ImageField } from '../shared/image-field'
import { SortableList } from '../shared/sortable'
import { type FloorOf, type Lang, freshId, linkItemIssues, move, newLinkItem, setVisibility, visibilityOf } from './model'

/**
 * How a floor's fields change the draft: `shared` writes into both languages, `text` into one;
 * `error(path)` is the gateway's message for a field of this floor (either language's copy).
 */
export interface FloorEdit {
  index: number
  zh: Floor
  en: Floor
  shared: (change: (floor: Floor) => void) => void
  text: (lang: Lang, change: (floor: Floor) => void) => void
  error: (path: string, lang?: Lang) => string | undefined
  takenIds: () => string[]
}

const LANGS: Lang[] = ['zh', 'en']
/** Red text that reaches AA on white (antd's danger text, #ff4d4f, is 3.4:1). */
export const DANGER_TEXT = '#b91c1c'

/** A text of both languages side by side. */
function Bilingual({ label, edit, path, get, set, max, multiline }: { label: string; edit: FloorEdit; path: string; get: (floor: Floor) => string | null; set: (floor: Floor, value: string) => void; max: number; multiline?: boolean }) {
  const { texts } = useTexts()
  return (
    <Row gutter={12}>
      {LANGS.map((lang) => {
        const message = edit.error(path, lang)
        const name = `${label} · ${lang === 'zh' ? texts.content.common.zh : texts.content.common.en}`
        const props = {
          value: get(edit[lang]) ?? '',
          maxLength: max,
          'aria-label': name,
          'data-testid': `${path}-${lang}`.replace(/\./g, '-'),
          onChange: (event: { target: { value: string } }) => edit.text(lang, (floor) => set(floor, event.target.value)),
        }
        return (
          <Col span={12} key={lang}>
            <Form.Item label={name} validateStatus={message ? 'error' : undefined} help={message} style={{ marginBottom: 12 }}>
              {multiline ? <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} {...props} /> : <Input {...props} />}
            </Form.Item>
          </Col>
        )
      })}
    </Row>
  )
}

/** One entry of a floor's list (a slide, a message, a tile) in a bordered box with its handle and remove button. */
function Entry({ title, handle, onRemove, canRemove, children }: { title: string; handle: ReactNode; onRemove: () => void; canRemove: boolean; children: ReactNode }) {
  const { token } = theme.useToken()
  const { texts } = useTexts()
  return (
    <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '8px 12px 4px', marginBottom: 12, background: token.colorBgContainer }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }}>
        <Space size={4}>
          {handle}
          <Typography.Text strong>{title}</Typography.Text>
        </Space>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} disabled={!canRemove} onClick={onRemove} aria-label={`${texts.content.common.remove} ${title}`} style={canRemove ? { color: DANGER_TEXT } : undefined}>
          {texts.content.common.remove}
        </Button>
      </Space>
      {children}
    </div>
  )
}

/**
 * A link item: where a tap goes (checked against the contract's link rules as it is typed), who may
 * open it, and its name in both languages.
 */
function LinkItemFields({ edit, path, get, withIcon, withBadge }: { edit: FloorEdit; path: string; get: (floor: Floor) => LinkItem; withIcon?: boolean; withBadge?: boolean }) {
  const { texts, locale } = useTexts()
  const t = texts.content.floors
  const item = get(edit.zh)
  const issues = linkItemIssues(item)
  const fieldError = (field: 'link' | 'miniLink' | 'appLink' | 'external') => (issues[field] ? ruleMessage(issues[field], locale) : edit.error(`${path}.${field}`))
  const shared = (change: (item: LinkItem) => void) => edit.shared((floor) => change(get(floor)))
  return (
    <>
      <Bilingual label={t.tileName} edit={edit} path={`${path}.name`} get={(floor) => get(floor).name} set={(floor, value) => (get(floor).name = value)} max={40} />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label={t.link} validateStatus={fieldError('link') ? 'error' : undefined} help={fieldError('link') ?? t.linkHelp} style={{ marginBottom: 12 }}>
            <Input value={item.link} aria-label={t.link} data-testid={`${path}-link`.replace(/\./g, '-')} onChange={(event) => shared((it) => (it.link = event.target.value))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t.visibility} style={{ marginBottom: 12 }}>
            <Select
              value={visibilityOf(item)}
              aria-label={t.visibility}
              onChange={(value) => shared((it) => setVisibility(it, value))}
              options={(['visitor', 'signedIn', 'verified'] as const).map((value) => ({ value, label: t.visibilities[value] }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label={t.miniLink} validateStatus={fieldError('miniLink') ? 'error' : undefined} help={fieldError('miniLink') ?? t.miniLinkHelp} style={{ marginBottom: 12 }}>
            <Input value={item.miniLink ?? ''} aria-label={t.miniLink} onChange={(event) => shared((it) => (it.miniLink = event.target.value.trim() ? event.target.value : null))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t.external} validateStatus={fieldError('external') ? 'error' : undefined} help={fieldError('external') ?? t.externalHelp} style={{ marginBottom: 12 }}>
            <Switch checked={item.external === 1} aria-label={t.external} onChange={(on) => shared((it) => (it.external = on ? 1 : 0))} />
          </Form.Item>
        </Col>
      </Row>
      {withIcon && (
        <Form.Item label={t.icon} validateStatus={edit.error(`${path}.icon`) ? 'error' : undefined} help={edit.error(`${path}.icon`)} style={{ marginBottom: 12 }}>
          <ImageField square label={t.icon} value={item.icon ?? ''} onChange={(image) => shared((it) => (it.icon = image.url))} />
        </Form.Item>
      )}
      {withBadge && <Bilingual label={t.badge} edit={edit} path={`${path}.badge`} get={(floor) => get(floor).badge} set={(floor, value) => (get(floor).badge = value.trim() ? value : null)} max={8} />}
    </>
  )
}

function AddButton({ onClick, children, disabled }: { onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Button type="dashed" block icon={<PlusOutlined />} onClick={onClick} disabled={disabled} style={{ marginBottom: 8 }}>
      {children}
    </Button>
  )
}

const as = <K extends Floor['component']>(floor: Floor) => floor as FloorOf<K>

function BannerFields({ edit }: { edit: FloorEdit }) {
  const { texts } = useTexts()
  const t = texts.content.floors
  const slides = as<'banner'>(edit.zh).slides
  return (
    <>
      <SortableList
        items={slides}
        keyOf={(_, i) => `${edit.zh.id}-slide-${i}`}
        onMove={(from, to) => edit.shared((floor) => (as<'banner'>(floor).slides = move(as<'banner'>(floor).slides, from, to)))}
        render={(slide, j, handle) => (
          <Entry title={fill(t.slide, { n: j + 1 })} handle={handle} canRemove={slides.length > 1} onRemove={() => edit.shared((floor) => as<'banner'>(floor).slides.splice(j, 1))}>
            <Form.Item label={t.image} validateStatus={edit.error(`slides.${j}.image.url`) ? 'error' : undefined} help={edit.error(`slides.${j}.image.url`)} style={{ marginBottom: 12 }}>
              <ImageField label={`${t.image} ${j + 1}`} value={slide.image.url} onChange={(image) => edit.shared((floor) => (as<'banner'>(floor).slides[j].image = image))} />
            </Form.Item>
            <Bilingual label={t.slideTitle} edit={edit} path={`slides.${j}.title`} get={(floor) => as<'banner'>(floor).slides[j].title} set={(floor, value) => (as<'banner'>(floor).slides[j].title = value)} max={60} />
            <OptionalLink edit={edit} path={`slides.${j}.item`} get={(floor) => as<'banner'>(floor).slides[j].item} set={(floor, item) => (as<'banner'>(floor).slides[j].item = item)} />
          </Entry>
        )}
      />
      <AddButton disabled={slides.length >= 8} onClick={() => edit.shared((floor) => as<'banner'>(floor).slides.push({ image: { url: '', width: 690, height: 300 }, title: '', item: null }))}>
        {t.addSlide}
      </AddButton>
    </>
  )
}

/** A slide's or message's link: off, or a link item. */
function OptionalLink({ edit, path, get, set }: { edit: FloorEdit; path: string; get: (floor: Floor) => LinkItem | null; set: (floor: Floor, item: LinkItem | null) => void }) {
  const { texts } = useTexts()
  const item = get(edit.zh)
  return (
    <>
      <Checkbox
        checked={!!item}
        style={{ marginBottom: 12 }}
        onChange={(event) => {
          const fresh = newLinkItem(freshId(`${edit.zh.id}-link`, edit.takenIds()))
          edit.shared((floor) => set(floor, event.target.checked ? structuredClone(fresh) : null))
        }}
      >
        {texts.content.floors.hasLink}
      </Checkbox>
      {item && <LinkItemFields edit={edit} path={path} get={(floor) => get(floor)!} />}
    </>
  )
}

function NoticeFields({ edit }: { edit: FloorEdit }) {
  const { texts } = useTexts()
  const t = texts.content.floors
  const messages = as<'notice'>(edit.zh).messages
  return (
    <>
      <SortableList
        items={messages}
        keyOf={(_, i) => `${edit.zh.id}-message-${i}`}
        onMove={(from, to) => edit.shared((floor) => (as<'notice'>(floor).messages = move(as<'notice'>(floor).messages, from, to)))}
        render={(_, j, handle) => (
          <Entry title={fill(t.message, { n: j + 1 })} handle={handle} canRemove={messages.length > 1} onRemove={() => edit.shared((floor) => as<'notice'>(floor).messages.splice(j, 1))}>
            <Bilingual label={t.messageText} edit={edit} path={`messages.${j}.text`} get={(floor) => as<'notice'>(floor).messages[j].text} set={(floor, value) => (as<'notice'>(floor).messages[j].text = value)} max={120} multiline />
            <OptionalLink edit={edit} path={`messages.${j}.item`} get={(floor) => as<'notice'>(floor).messages[j].item} set={(floor, item) => (as<'notice'>(floor).messages[j].item = item)} />
          </Entry>
        )}
      />
      <AddButton disabled={messages.length >= 10} onClick={() => edit.shared((floor) => as<'notice'>(floor).messages.push({ text: '', item: null }))}>
        {t.addMessage}
      </AddButton>
    </>
  )
}

function GridFields({ edit }: { edit: FloorEdit }) {
  const { texts } = useTexts()
  const t = texts.content.floors
  const grid = as<'grid'>(edit.zh)
  return (
    <>
      <Row gutter={12} align="bottom">
        <Col flex="auto">
          <Bilingual label={t.gridTitle} edit={edit} path="title" get={(floor) => as<'grid'>(floor).title} set={(floor, value) => (as<'grid'>(floor).title = value.trim() ? value : null)} max={40} />
        </Col>
        <Col flex="140px">
          <Form.Item label={t.columns} style={{ marginBottom: 12 }}>
            <InputNumber min={2} max={5} value={grid.columns} aria-label={t.columns} onChange={(value) => value && edit.shared((floor) => (as<'grid'>(floor).columns = value))} />
          </Form.Item>
        </Col>
      </Row>
      <SortableList
        items={grid.items}
        keyOf={(item) => item.id}
        onMove={(from, to) => edit.shared((floor) => (as<'grid'>(floor).items = move(as<'grid'>(floor).items, from, to)))}
        render={(item, j, handle) => (
          <Entry title={fill(t.tile, { n: j + 1 }) + (item.name ? ` · ${item.name}` : '')} handle={handle} canRemove={grid.items.length > 1} onRemove={() => edit.shared((floor) => as<'grid'>(floor).items.splice(j, 1))}>
            <LinkItemFields edit={edit} path={`items.${j}`} get={(floor) => as<'grid'>(floor).items[j]} withIcon withBadge />
          </Entry>
        )}
      />
      <AddButton
        disabled={grid.items.length >= 40}
        onClick={() => {
          const fresh = newLinkItem(freshId(`${edit.zh.id}-tile`, edit.takenIds()))
          edit.shared((floor) => as<'grid'>(floor).items.push(structuredClone(fresh)))
        }}
      >
        {t.addTile}
      </AddButton>
    </>
  )
}

function NewsFields({ edit }: { edit: FloorEdit }) {
  const { texts } = useTexts()
  const t = texts.content.floors
  return (
    <>
      <Bilingual label={t.newsTitle} edit={edit} path="title" get={(floor) => as<'news'>(floor).title} set={(floor, value) => (as<'news'>(floor).title = value)} max={40} />
      <Typography.Paragraph type="secondary">{t.newsHint}</Typography.Paragraph>
      <Typography.Text strong>{t.moreLink}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <LinkItemFields edit={edit} path="more" get={(floor) => as<'news'>(floor).more} />
      </div>
    </>
  )
}

function FloatFields({ edit }: { edit: FloorEdit }) {
  const { texts } = useTexts()
  const t = texts.content.floors
  return (
    <>
      <Form.Item label={t.icon} validateStatus={edit.error('icon') ? 'error' : undefined} help={edit.error('icon')} style={{ marginBottom: 12 }}>
        <ImageField square label={t.icon} value={as<'float'>(edit.zh).icon} onChange={(image) => edit.shared((floor) => (as<'float'>(floor).icon = image.url))} />
      </Form.Item>
      <Bilingual label={t.floatLabel} edit={edit} path="label" get={(floor) => as<'float'>(floor).label} set={(floor, value) => (as<'float'>(floor).label = value)} max={20} />
      <LinkItemFields edit={edit} path="item" get={(floor) => as<'float'>(floor).item} />
    </>
  )
}

/** The fields of a floor of any kind. */
export function FloorFields({ edit }: { edit: FloorEdit }) {
  switch (edit.zh.component) {
    case 'banner':
      return <BannerFields edit={edit} />
    case 'notice':
      return <NoticeFields edit={edit} />
    case 'grid':
      return <GridFields edit={edit} />
    case 'news':
      return <NewsFields edit={edit} />
    case 'float':
      return <FloatFields edit={edit} />
  }
}
