import type { AssistantDictionary } from './types'

const assistant: AssistantDictionary = {
  name: 'AI assistant',
  intro: "Hello, I'm the AI assistant. Ask me about signing in, real-name verification, pay and social insurance, privacy settings and more.",
  suggested: 'You might ask',
  messages: 'Conversation',
  you: 'You',
  inputPlaceholder: 'Type your question',
  inputLabel: 'Ask the AI assistant',
  send: 'Send',
  thinking: 'Looking for an answer…',
  readArticle: 'Read the full answer',
  related: 'Related questions',
  notMatched: "Sorry, I couldn't find an answer to that. Try asking another way, or talk to a person.",
  human: 'Talk to a person',
  humanText: 'Service hotline: {phone}',
  humanHours: 'Hours: {hours}',
  callNow: 'Call now',
  failed: 'Could not send; please try again later',
  starting: 'Connecting to the AI assistant…',
  startFailed: 'The AI assistant cannot be reached right now. Please try again later, or call the hotline.',
  retry: 'Try again',
  abnormal: 'Your account information could not be retrieved, so the AI assistant is not available. Please contact customer service.',
}

export default assistant
