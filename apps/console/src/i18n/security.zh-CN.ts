import type { SecurityTexts } from './types'

export const security: SecurityTexts = {
  title: '我的安全',
  sessions: {
    title: '登录会话',
    device: '设备',
    ip: '网络地址',
    created: '登录时间',
    lastSeen: '最近活动',
    expires: '最晚结束',
    current: '当前会话',
    revoke: '结束会话',
    revokeConfirm: '确定结束该会话？该设备需重新登录。',
    revoked: '会话已结束',
  },
  passkeys: {
    title: '通行密钥',
    hint: '通行密钥可替代验证器验证码作为第二步验证（指纹、面容或安全密钥）',
    name: '名称',
    created: '添加时间',
    lastUsed: '最近使用',
    never: '从未使用',
    add: '添加通行密钥',
    added: '通行密钥已添加',
    namePlaceholder: '如：办公室电脑',
    empty: '尚未添加通行密钥',
    unsupported: '此浏览器不支持通行密钥',
  },
  recovery: {
    title: '恢复码',
    hint: '验证器不可用时，每个恢复码可代替验证码登录一次。重新生成后旧的恢复码全部作废。',
    regenerate: '重新生成恢复码',
    confirm: '确定重新生成？旧的恢复码将全部作废。',
    newCodes: '新的恢复码',
    newCodesHint: '只显示这一次，请立即保存。',
  },
}
