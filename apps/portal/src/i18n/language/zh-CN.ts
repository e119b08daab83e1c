import type { LanguageDictionary } from './types'

const language: LanguageDictionary = {
  intro: '选择应用显示的语言',
  switched: '已切换为简体中文',
  current: '当前语言',
  loadFailed: '语言切换失败，请检查网络后重试',
}

export default language
