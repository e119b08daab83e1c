// `npm run sms:standin -w apps/gateway -- aliyun|tencent [PORT]`: a local stand-in of the SMS
// provider's HTTP API (src/modules/dev/sms-standins.ts) for trying the provider path without an
// account. It prints the settings to start the gateway with, then one line per SendSms it answers
// (signature checked, template, parameters). Type a next outcome (ok, rateLimited, templateRefused,
// invalidNumber, serverError) and Enter to have the next request answered so.
import { createInterface } from 'node:readline'
import { type StandinOutcome, standinSettings, startSmsStandin } from '../src/modules/dev/sms-standins'

const provider = process.argv[2]
if (provider !== 'aliyun' && provider !== 'tencent') {
  console.error('usage: npm run sms:standin -w apps/gateway -- aliyun|tencent')
  process.exit(2)
}
const SECRET = 'local-stand-in-secret'
const standin = await startSmsStandin(provider, SECRET)
const env = standinSettings(standin, SECRET)
console.log(`${provider} SMS stand-in at ${standin.url}; start the gateway with:\n`)
console.log(Object.entries(env).map(([name, value]) => `${name}='${value}'`).join(' \\\n'), '\\\n  npm start\n')

let shown = 0
setInterval(() => {
  for (const request of standin.requests.slice(shown)) {
    console.log(`${new Date().toISOString()} signature ${request.signatureOk ? 'ok' : 'WRONG'} → ${request.outcome}: ${JSON.stringify(request.params)}`)
  }
  shown = standin.requests.length
}, 200)

const OUTCOMES: StandinOutcome[] = ['ok', 'rateLimited', 'templateRefused', 'invalidNumber', 'serverError']
createInterface({ input: process.stdin }).on('line', (line) => {
  const outcome = line.trim() as StandinOutcome
  if (OUTCOMES.includes(outcome)) standin.plan(outcome)
  else console.log(`one of: ${OUTCOMES.join(', ')}`)
})
