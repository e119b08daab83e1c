import { LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { useGetIdentity, useLogout } from '@refinedev/core'
import { Avatar, Dropdown, Layout, Space, Tag, Typography, theme } from 'antd'
import { useNavigate } from 'react-router'
import { useTexts } from '../../providers/i18n'
import type { Me } from '../../providers/account'
import { LanguageSwitch } from './language-switch'

type Identity = Me['operator']

/** The bar above every signed-in page: the language, and the operator's menu (their security, sign-out). */
export function Header() {
  const { token } = theme.useToken()
  const { texts } = useTexts()
  const { data: operator } = useGetIdentity<Identity>()
  const { mutate: logout } = useLogout()
  const navigate = useNavigate()
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: 16,
        padding: '0 24px',
        height: 56,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <LanguageSwitch />
      {operator && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'roles',
                type: 'group',
                label: texts.common.operatorMenu.roles,
                children: [
                  {
                    key: 'role-list',
                    disabled: true,
                    label: (
                      <Space size={[4, 4]} wrap style={{ maxWidth: 240 }}>
                        {operator.roles.map((role) => (
                          <Tag key={role} color="blue">
                            {texts.common.roles[role]}
                          </Tag>
                        ))}
                      </Space>
                    ),
                  },
                ],
              },
              { type: 'divider' },
              { key: 'security', icon: <SafetyOutlined />, label: texts.common.operatorMenu.security, onClick: () => navigate('/security') },
              { key: 'sign-out', icon: <LogoutOutlined />, danger: true, label: texts.common.operatorMenu.signOut, onClick: () => logout() },
            ],
          }}
        >
          <button type="button" aria-label={operator.email} style={{ all: 'unset', cursor: 'pointer' }}>
            <Space>
              <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
              <Typography.Text strong>{operator.displayName}</Typography.Text>
            </Space>
          </button>
        </Dropdown>
      )}
    </Layout.Header>
  )
}
