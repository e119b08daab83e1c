// `npm run dev`: the gateway under tsx watch and the H5 portal rebuilt on change, side by side.
// Open http://localhost:8080 (the gateway serves apps/portal/dist/h5 as it is rebuilt).
import { spawn } from 'node:child_process'
import { root } from './lib.mjs'

const children = [
  spawn('npm', ['run', 'dev:h5', '-w', 'apps/portal'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npm', ['run', 'dev', '-w', 'apps/gateway'], { cwd: root, stdio: 'inherit' }),
]
const stop = (sig) => children.forEach((c) => c.kill(sig))
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig))
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0) })
