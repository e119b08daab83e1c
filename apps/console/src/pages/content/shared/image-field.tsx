import { PictureOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Space, Typography, Upload, message } from 'antd'
import { useState } from 'react'
import { useTexts } from '../../../providers/i18n'
import { uploadImage } from './media'
import { refusalMessage } from './form-errors'

export interface ImageValue {
  url: string
  width: number
  height: number
}

/**
 * An image of the content: its thumbnail and an upload button (the media call). The gateway's
 * refusal (wrong type, too big, unsafe SVG) shows in the console's language.
 */
export function ImageField({ value, onChange, label, square = false }: { value: string; onChange: (image: ImageValue) => void; label: string; square?: boolean }) {
  const { texts } = useTexts()
  const t = texts.content.common
  const [busy, setBusy] = useState(false)
  const [notice, holder] = message.useMessage()
  const size = square ? { width: 56, height: 56 } : { width: 136, height: 60 }
  return (
    <Space align="center" size={12}>
      {holder}
      {value ? (
        <img src={value} alt={label} style={{ ...size, objectFit: 'cover', borderRadius: 6, border: '1px solid #e5e7eb', background: '#f8fafc' }} />
      ) : (
        <div role="img" aria-label={t.noImage} style={{ ...size, borderRadius: 6, border: '1px dashed #cbd5e1', display: 'grid', placeItems: 'center', color: '#64748b', background: '#f8fafc' }}>
          <PictureOutlined />
        </div>
      )}
      <Space direction="vertical" size={2}>
        <Upload
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true)
            try {
              const media = await uploadImage(file as Blob, (file as File).name)
              onChange({ url: media.url, width: media.width, height: media.height })
              onSuccess?.(media)
            } catch (failure) {
              notice.error(refusalMessage(failure, texts.common.errors.unknown))
              onError?.(failure as Error)
            } finally {
              setBusy(false)
            }
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={busy} aria-label={`${label}: ${value ? t.replaceImage : t.upload}`}>
            {value ? t.replaceImage : t.upload}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.uploadHint}
        </Typography.Text>
      </Space>
    </Space>
  )
}
