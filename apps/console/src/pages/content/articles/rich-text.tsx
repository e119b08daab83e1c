import { BoldOutlined, FileImageOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { App, Button, Divider, Tooltip, Upload } from 'antd'
import { type ReactNode, useEffect } from 'react'
import { useTexts } from '../../../providers/i18n'
import { refusalMessage } from '../shared/form-errors'
import { uploadImage } from '../shared/media'
import './rich-text.css'

/**
 * What the editor offers is what the gateway keeps (its sanitize-html allow-list, article-html.ts):
 * headings (h2, h3), paragraphs with bold and italic, lists, line breaks and uploaded images. No
 * links, quotes or code: the portal renders article blocks, which have none.
 */
export const articleExtensions = [
  StarterKit.configure({ heading: { levels: [2, 3] }, link: false, underline: false, strike: false, code: false, codeBlock: false, blockquote: false, horizontalRule: false }),
  Image.configure({ inline: false, allowBase64: false }),
]

/** The editor's HTML, '' for an empty document (so "required" means something). */
export const editorHtml = (html: string) => (html.replace(/<p><\/p>/g, '').trim() ? html : '')

/** A rich-text field (TipTap) for an antd Form.Item: `value` HTML in, `onChange` HTML out. */
export function RichText({ value, onChange, label, invalid, testId }: { value?: string; onChange?: (html: string) => void; label: string; invalid?: boolean; testId?: string }) {
  const { texts } = useTexts()
  const t = texts.content.articles.toolbar
  const { message } = App.useApp()
  const editor = useEditor({
    extensions: articleExtensions,
    content: value ?? '',
    injectCSS: false,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(testId ? { 'data-testid': testId } : {}) } },
    onUpdate: ({ editor: changed }) => onChange?.(editorHtml(changed.getHTML())),
  })
  // A value set from outside (the article loaded) replaces the document; the editor's own changes do not.
  useEffect(() => {
    if (!editor || value === undefined) return
    if (editorHtml(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      undo: e?.can().undo() ?? false,
      redo: e?.can().redo() ?? false,
    }),
  })
  if (!editor) return null
  // A tool drawn as text (H2, H3, ¶) has that text in its name too, as words (WCAG 2.5.3 label in
  // name: axe drops parenthesised text from the name, so "Heading (H2)" would not hold "H2").
  const tool = (title: string, active: boolean, run: () => void, icon: ReactNode, disabled = false, shown?: string) => (
    <Tooltip title={title} key={title}>
      <Button type={active ? 'primary' : 'text'} ghost={active} size="small" icon={shown ? undefined : icon} aria-label={shown ? `${title} ${shown}` : title} aria-pressed={active} disabled={disabled} onMouseDown={(event) => event.preventDefault()} onClick={run}>
        {shown && <span style={{ fontWeight: 600, fontSize: 12 }}>{shown}</span>}
      </Button>
    </Tooltip>
  )
  return (
    <div className={`ess-rich-text${invalid ? ' ess-rich-text--error' : ''}`}>
      <div className="ess-rich-text__toolbar" role="toolbar" aria-label={label}>
        {tool(t.heading, !!state?.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run(), null, false, 'H2')}
        {tool(t.subheading, !!state?.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run(), null, false, 'H3')}
        {tool(t.paragraph, false, () => editor.chain().focus().setParagraph().run(), null, false, '¶')}
        <Divider type="vertical" style={{ height: 22, margin: '0 4px', alignSelf: 'center' }} />
        {tool(t.bold, !!state?.bold, () => editor.chain().focus().toggleBold().run(), <BoldOutlined />)}
        {tool(t.italic, !!state?.italic, () => editor.chain().focus().toggleItalic().run(), <ItalicOutlined />)}
        {tool(t.bulletList, !!state?.bullet, () => editor.chain().focus().toggleBulletList().run(), <UnorderedListOutlined />)}
        {tool(t.orderedList, !!state?.ordered, () => editor.chain().focus().toggleOrderedList().run(), <OrderedListOutlined />)}
        <Divider type="vertical" style={{ height: 22, margin: '0 4px', alignSelf: 'center' }} />
        <Upload
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              const media = await uploadImage(file as Blob, (file as File).name)
              editor.chain().focus().setImage({ src: media.url, alt: '', width: media.width, height: media.height }).run()
              onSuccess?.(media)
            } catch (failure) {
              message.error(refusalMessage(failure, texts.common.errors.unknown))
              onError?.(failure as Error)
            }
          }}
        >
          <Tooltip title={t.image}>
            <Button type="text" size="small" icon={<FileImageOutlined />} aria-label={t.image} />
          </Tooltip>
        </Upload>
        <Divider type="vertical" style={{ height: 22, margin: '0 4px', alignSelf: 'center' }} />
        {tool(t.undo, false, () => editor.chain().focus().undo().run(), <UndoOutlined />, !state?.undo)}
        {tool(t.redo, false, () => editor.chain().focus().redo().run(), <RedoOutlined />, !state?.redo)}
      </div>
      <EditorContent editor={editor} />
    </div>
  )
}
