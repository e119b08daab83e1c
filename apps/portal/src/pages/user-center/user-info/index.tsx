import { POSTCODE_PATTERN, ROUTE_PATHS, USERNAME_PATTERN, ruleMessage, type PersonalInfo, type RoutePath } from '@ess/contract/wire'
import { User } from '@nutui/icons-react-taro'
import { Avatar } from '@nutui/nutui-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { EditPopup, type EditField } from '@/components/personal-info/edit-popup'
import '@/components/personal-info/index.scss'
import { requireLogin } from '@/core/auth/target'
import { dictLabels } from '@/core/dict'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { loadPersonalInfo, savePersonalInfo, uploadAvatar } from '@/core/real-name/api'
import { openRealName } from '@/core/real-name/gate'
import { toast } from '@/core/toast'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { personalInfoTexts } from '@/i18n/personal-info'
import { userCenterTexts } from '@/i18n/user-center'

const ROUTE: RoutePath = 'pages/user-center/user-info/index'

/**
 * Personal info with the SPEC §2 labels. The employer's record (name … employee number) is read
 * only and masked where sensitive; the avatar, username, address and postcode are the user's own.
 */
export default function UserInfoPage() {
  const { locale } = useI18n()
  const ucx = useTexts(userCenterTexts)
  const p = useTexts(personalInfoTexts)
  const [info, setInfo] = useState<PersonalInfo | null>(null)
  // The record is drawn once the dictionaries' labels are there too: drawn before, the ID type's
  // code turned into its label in place and the right-aligned text moved (Lighthouse: CLS 0.001).
  const [labels, setLabels] = useState<{ idType: Record<string, string>; nationality: Record<string, string> } | null>(null)
  const [editing, setEditing] = useState<EditField | null>(null)

  useDidShow(() => {
    if (!requireLogin(ROUTE)) return
    void loadPersonalInfo().then((value) => value && setInfo(value))
  })
  useEffect(() => {
    void Promise.all([dictLabels('idType', locale), dictLabels('nationality', locale)]).then(([idType, nationality]) => setLabels({ idType, nationality }))
  }, [locale])

  const save = async (key: EditField['key'], value: string) => {
    const saved = await savePersonalInfo({ [key]: value })
    if (saved) {
      setInfo(saved)
      toast(p.saved, { icon: 'success' })
    }
    return Boolean(saved)
  }
  const changeAvatar = async () => {
    const file = await platform().system.chooseImage()
    if (!file) return
    const photo = await uploadAvatar(file)
    if (photo && info) {
      setInfo({ ...info, photo })
      toast(p.avatarUpdated, { icon: 'success' })
    }
  }
  const edit = (key: EditField['key']) => () => {
    if (!info) return
    const fields: Record<EditField['key'], EditField> = {
      username: {
        key,
        label: p.username,
        value: info.username ?? '',
        placeholder: p.usernamePlaceholder,
        hint: p.usernameHint,
        maxLength: 20,
        check: (v) => (USERNAME_PATTERN.test(v) ? undefined : ruleMessage('username.invalid', locale)),
      },
      address: { key, label: p.address, value: info.address ?? '', placeholder: p.addressPlaceholder, maxLength: 120, check: () => undefined },
      postcode: {
        key,
        label: p.postcode,
        value: info.postcode ?? '',
        placeholder: p.postcodePlaceholder,
        maxLength: 6,
        type: 'number',
        check: (v) => (v === '' || POSTCODE_PATTERN.test(v) ? undefined : ruleMessage('postcode.invalid', locale)),
      },
    }
    setEditing(fields[key])
  }
  const shown = (value: string | null | undefined) => value || p.notSet
  const gender = info ? { F: p.genderF, M: p.genderM, U: p.genderU }[info.gender] : ''

  return (
    <PageFrame route="pages/user-center/user-info/index">
      {info && labels && (
        <>
          <ListCard>
            <ListRow
              testId="info-avatar"
              title={p.avatar}
              extra={<Avatar className="pi-avatar" size="normal" src={info.photo ?? undefined} icon={<User size={20} />} />}
              onClick={() => void changeAvatar()}
            />
            <ListRow testId="info-username" title={p.username} extra={shown(info.username)} onClick={edit('username')} />
            <ListRow testId="info-phone" title={p.phone} extra={shown(info.phone)} onClick={() => void openAccountSecurity()} />
            <ListRow testId="info-email" title={p.email} extra={shown(info.email)} onClick={() => void openAccountSecurity()} />
            <ListRow testId="info-address" title={p.address} extra={shown(info.address)} onClick={edit('address')} />
            <ListRow testId="info-postcode" title={p.postcode} extra={shown(info.postcode)} onClick={edit('postcode')} />
          </ListCard>

          <Text className="pi-section">{p.employerSection}</Text>
          <ListCard>
            {info.name ? (
              <>
                <ListRow testId="info-name" title={p.name} extra={info.name} end={null} />
                <ListRow testId="info-pinyin" title={p.pinyinName} extra={shown(info.pinyinName)} end={null} />
                <ListRow testId="info-gender" title={p.gender} extra={gender} end={null} />
                <ListRow testId="info-birthdate" title={p.birthdate} extra={shown(info.birthdate)} end={null} />
                <ListRow testId="info-nationality" title={p.nationality} extra={info.nationality ? (labels.nationality[info.nationality] ?? info.nationality) : p.notSet} end={null} />
                <ListRow testId="info-company" title={p.companyName} extra={shown(info.companyName)} end={null} />
                <ListRow testId="info-id-type" title={p.idType} extra={info.idType ? (labels.idType[info.idType] ?? info.idType) : p.notSet} end={null} />
                <ListRow testId="info-id-no" title={p.idNo} extra={shown(info.idNo)} end={null} />
                <ListRow testId="info-employee-no" title={p.employeeNo} extra={shown(info.employeeNo)} end={null} />
                <View className="pi-note">{p.employerNote}</View>
              </>
            ) : (
              <View className="pi-empty" data-testid="info-not-verified">
                <Text className="pi-empty__text">{p.notVerifiedNote}</Text>
                <Button type="primary" shape="round" size="small" data-testid="verify-now" onClick={() => void openRealName(ROUTE)}>
                  {ucx.verifyNow}
                </Button>
              </View>
            )}
          </ListCard>
        </>
      )}
      <EditPopup field={editing} onClose={() => setEditing(null)} onSave={(value) => save(editing!.key, value)} />
    </PageFrame>
  )
}

const openAccountSecurity = () => openRoute(ROUTE_PATHS.accountSecurity)
