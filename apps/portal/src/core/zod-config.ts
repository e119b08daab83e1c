import { z } from 'zod'

// Imported first by the modules that validate forms with zod. The portal's Content-Security-Policy
// has no 'unsafe-eval': zod 4 probes `new Function` to compile its object parsers, the policy
// refuses it (Lighthouse's best practices counted the refusal, bench/RESULTS.md), and zod falls back
// to its interpreter anyway. Jitless says so from the start; a form's few fields do not need the JIT.
z.config({ jitless: true })
