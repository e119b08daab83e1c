// `npm run notice:sample -- --company HS001 --employee HS-0001` (from the repository root, the
// gateway running): a provider's payroll job as a sample. Sends the salary notice of a month to one
// employee through the notices API, signed with the payroll app's secret from KEYS_DIR (as the
// gateway reads it), then prints the answer and, once the fan-out is over, the delivery.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { OPEN_API_PREFIX, signOpenRequest } from '@ess/contract'
import { ConfigError, loadConfig } from '../src/config'
import { noticeAppSecret } from '../src/modules/notices/open-routes'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    app: { type: 'string', default: 'payroll' },
    company: { type: 'string', default: 'HS001' },
    employee: { type: 'string', default: 'HS-0001' },
    month: { type: 'string', default: new Date().toISOString().slice(0, 7) },
  },
})

let keysDir: string
try {
  keysDir = loadConfig().keysDir
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}
const appId = values.app as string
const secret = noticeAppSecret(keysDir, appId)

/** One signed call of the notices API. */
async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
  const url = `${OPEN_API_PREFIX}${path}`
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {
    ...signOpenRequest({ method, path: url, body: payload, appId, nonce: randomBytes(12).toString('hex'), timestamp: String(Date.now()) }, secret),
    'accept-language': 'en-US',
  }
  if (payload) headers['content-type'] = 'application/json'
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
  const answer = await fetch(`${values.url}${url}`, { method, headers, body: payload })
  const envelope = (await answer.json()) as { code: number; msg: string; data: { data: any } }
  if (envelope.code !== 200) throw new Error(`${answer.status} ${JSON.stringify(envelope)}`)
  return envelope.data.data
}

const month = values.month as string
const sent = await call(
  'POST',
  '/notices',
  {
    kind: 'salary',
    templateId: 'salaryPaid',
    params: { month },
    target: { type: 'jump', dest: 'payment' },
    recipients: [{ companyCode: values.company, employeeNo: values.employee }],
  },
  // A payroll run's key: running the job again for the same month and employee sends nothing new.
  `salary-${month}-${values.company}-${values.employee}`,
)
console.log('sent:', JSON.stringify(sent, null, 2))
for (let i = 0; i < 50; i++) {
  const delivery = await call('GET', `/notices/${sent.id}`)
  if (delivery.complete) {
    console.log('delivery:', JSON.stringify(delivery, null, 2))
    process.exit(0)
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
}
console.error('the fan-out has not ended yet; ask again with GET /open/api/v1/notices/' + sent.id)
process.exit(1)
