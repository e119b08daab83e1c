import type { ThirdPartyDictionary } from './types'

const thirdParty: ThirdPartyDictionary = {
  providers: { wechat: '微信', qq: 'QQ', weibo: '微博' },
  otherWays: '其他登录方式',
  signInWith: '使用{provider}登录',
  signingIn: '正在登录…',
  bindTitle: '绑定{provider}账号',
  bindIntro: '{provider}账号「{nickname}」尚未绑定员工服务账号。绑定后，即可使用{provider}直接登录。',
  bindExisting: '已有账号？输入账号和密码完成绑定',
  bindSubmit: '绑定并登录',
  bindOrRegister: '还没有账号？注册新账号并绑定',
  registerWillBind: '注册完成后，将同时绑定{provider}账号「{nickname}」',
  bindExpired: '绑定已超时，请重新使用第三方账号登录',
  bound: '绑定成功',
  listIntro: '绑定第三方账号后，可使用其快捷登录。解绑前需验证身份。',
  notBound: '未绑定',
  boundAs: '已绑定：{nickname} · {date}',
  bind: '绑定',
  unbind: '解绑',
  unavailable: '暂不可用',
  webOnly: '请在网页版中绑定第三方账号',
  unbindConfirm: '解绑{provider}后，将无法再使用{provider}登录此账号。确定解绑吗？',
  unbound: '已解绑',
}

export default thirdParty
