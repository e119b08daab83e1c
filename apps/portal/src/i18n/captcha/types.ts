/** The slider puzzle and its proof-of-work alternative. */
export interface CaptchaDictionary {
  title: string
  hint: string
  handleLabel: string
  checking: string
  success: string
  failure: string
  refresh: string
  close: string
  loadFailed: string
  imageAlt: string
  /** How to solve the puzzle from the keyboard (read with the handle). */
  keyboardHint: string
  /** The way without the picture (a proof of work the device does). */
  otherWay: string
  workRunning: string
  /** `{percent}` of the expected work done. */
  workProgress: string
  workFailed: string
  workRetry: string
  backToPuzzle: string
}
