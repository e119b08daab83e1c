import type { CaptchaDictionary } from './types'

const captcha: CaptchaDictionary = {
  title: '安全验证',
  hint: '向右拖动滑块，完成拼图',
  handleLabel: '拖动滑块完成拼图验证',
  checking: '验证中...',
  success: '验证通过',
  failure: '验证失败，请重试',
  refresh: '换一张',
  close: '关闭',
  loadFailed: '验证图片加载失败，点击重试',
  imageAlt: '拼图验证图片',
  keyboardHint: '也可用方向键把拼图块移入缺口，再按回车键确认',
  otherWay: '看不到图片？换一种方式验证',
  workRunning: '正在本机完成验证，无需操作，请稍候几秒',
  workProgress: '已完成约 {percent}%',
  workFailed: '验证未通过，请重试',
  workRetry: '重试',
  backToPuzzle: '返回拼图验证',
}

export default captcha
