import type { LanguageDictionary } from './types'

const language: LanguageDictionary = {
  intro: 'Choose the language of the app',
  switched: 'Switched to English',
  current: 'Current language',
  loadFailed: 'Could not switch the language. Check your connection and try again.',
}

export default language
