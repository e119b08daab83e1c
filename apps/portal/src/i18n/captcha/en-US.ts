import type { CaptchaDictionary } from './types'

const captcha: CaptchaDictionary = {
  title: 'Security check',
  hint: 'Slide to complete the puzzle',
  handleLabel: 'Drag the slider to complete the puzzle',
  checking: 'Checking...',
  success: 'Verified',
  failure: 'Verification failed, please try again',
  refresh: 'New puzzle',
  close: 'Close',
  loadFailed: 'The puzzle could not be loaded, tap to retry',
  imageAlt: 'Slider puzzle picture',
  keyboardHint: 'Or use the arrow keys to move the piece into the gap, then press Enter',
  otherWay: "Can't see the picture? Verify another way",
  workRunning: 'Verifying on this device, nothing to do. Please wait a few seconds',
  workProgress: 'About {percent}% done',
  workFailed: 'The check did not go through, please try again',
  workRetry: 'Try again',
  backToPuzzle: 'Back to the puzzle',
}

export default captcha
