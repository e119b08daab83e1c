/** Texts of the AI customer-service page (packages/users/service/world). */
export interface AssistantDictionary {
  name: string
  intro: string
  suggested: string
  messages: string
  you: string
  inputPlaceholder: string
  inputLabel: string
  send: string
  thinking: string
  readArticle: string
  related: string
  notMatched: string
  human: string
  /** `{phone}` the hotline. */
  humanText: string
  /** `{hours}` the service hours. */
  humanHours: string
  callNow: string
  failed: string
  starting: string
  startFailed: string
  retry: string
  abnormal: string
}
