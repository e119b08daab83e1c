import type { Certification } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { formatDate } from '../../core/display/time'
import { fill } from '../../i18n'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { realNameTexts } from '../../i18n/real-name'

/** A labelled value row of a read-only record. */
export function InfoRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <View className="rn-info__row" data-testid={testId}>
      <Text className="rn-info__label">{label}</Text>
      <Text className="rn-info__value">{value}</Text>
    </View>
  )
}

/** The certification record, masked as the gateway answers it. */
export function CertificationRecord({ record }: { record: Certification }) {
  const r = useTexts(realNameTexts)
  return (
    <View className="rn-info" data-testid="certification-record">
      <InfoRow label={r.realName} value={record.realName} testId="record-name" />
      <InfoRow label={r.idNo} value={record.idNo} testId="record-id" />
      <InfoRow label={r.company} value={record.companyName} testId="record-company" />
      <InfoRow label={r.employeeNo} value={record.employeeNo} testId="record-employee-no" />
      <InfoRow label={r.method} value={record.method === 'bankCard' ? r.methodBankCard : r.methodIdNumber} />
      {record.bankCard && <InfoRow label={r.bankCard} value={record.bankCard} />}
      <InfoRow label={r.certifiedAt} value={formatDate(record.certifiedAt)} />
      <InfoRow label={r.validUntil} value={formatDate(record.expiresAt)} testId="record-valid-until" />
    </View>
  )
}

/** A result screen: a round icon, a title, a sentence, then actions. */
export function ResultState({ icon, tone, title, text, children, testId }: { icon: ReactNode; tone: 'ok' | 'fail'; title: string; text?: string; children?: ReactNode; testId?: string }) {
  return (
    <View className="rn-result" data-testid={testId}>
      <View className={`rn-result__icon rn-result__icon--${tone}`}>{icon}</View>
      <Text className="rn-result__title">{title}</Text>
      {text && <Text className="rn-result__text">{text}</Text>}
      {children}
    </View>
  )
}

export function successText(template: string, record: Certification): string {
  return fill(template, { date: formatDate(record.expiresAt) })
}
