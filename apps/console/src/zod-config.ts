import { z } from 'zod'

// zod compiles its checks with `new Function` when it may: the console's policy allows no eval,
// and zod's probe of it would be a refused script. Imported first (main.tsx), before any schema.
z.config({ jitless: true })
