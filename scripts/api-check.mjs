// `npm run api:check`: writes the gateway's OpenAPI document from the app (without listening) to
// apps/gateway/openapi.json and lints it with Redocly's recommended ruleset, warnings counted as
// errors (apps/gateway/redocly.yaml). Part of `npm test`.
// Redocly CLI says that Node 20 support is ending: expected on Node 20, not a failure.
import { run } from './lib.mjs'

const documentFile = 'apps/gateway/openapi.json'

await run('npx', ['tsx', 'apps/gateway/scripts/openapi.ts', documentFile])
await run('npx', ['redocly', 'lint', documentFile, '--config', 'apps/gateway/redocly.yaml', '--format', 'summary'])
