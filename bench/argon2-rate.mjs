// The raw argon2id verify rate, in a process of its own (so its libuv thread pool is sized like the
// gateway's): `node argon2-rate.mjs <seconds> <in flight>` with the stored hash and password in the
// environment; prints {"rate": verifies per second, "cpuMs": CPU of this process per verify}.
import { verify } from '@node-rs/argon2'

const [seconds, inFlight] = process.argv.slice(2).map(Number)
const { ARGON2_HASH: stored, ARGON2_PASSWORD: password } = process.env
let done = 0
const cpu = process.cpuUsage()
const end = performance.now() + seconds * 1000
const worker = async () => {
  while (performance.now() < end) {
    if (!(await verify(stored, password))) throw new Error('argon2 verify failed')
    done++
  }
}
const started = performance.now()
await Promise.all(Array.from({ length: inFlight }, worker))
const used = process.cpuUsage(cpu)
console.log(JSON.stringify({ rate: done / ((performance.now() - started) / 1000), cpuMs: (used.user + used.system) / 1000 / done }))
