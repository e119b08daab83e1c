/** The language page (packages/users/language). */
export interface LanguageDictionary {
  intro: string
  switched: string
  current: string
  /** Toast when the chosen language's texts could not be loaded (shown in the current language). */
  loadFailed: string
}
