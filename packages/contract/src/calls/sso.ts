import { z } from 'zod'
import type { RuleMessageKey } from '../rule-messages'
import { defineCall } from './define'
import { wire } from './wire'
import { LoginStateSchema } from './login'

/**
 * Quick login (SPEC §4, mini-program): a jump into the mini-program from the health mini-program
 * ('hm') carries `action=quickLogin`, `source=hm` and a `token`. That token is a one-time hand-back
 * code the health mini-program's server obtained for the user from `POST /app/sso/grant/handback`
 * (server-to-server, HTTP Basic with its app credentials). `ssoLogin` redeems it once, within
 * 120 s, and starts a login without a refresh token (SPEC §3: quick login leaves it empty).
 */
export const ssoLogin = defineCall({
  ...wire.ssoLogin,
  summary: 'Quick login with a one-time hand-back token of a partner mini-program (no refresh token)',
  tags: ['sso'],
  query: z.object({
    token: z.string({ error: 'field.required' satisfies RuleMessageKey }).min(16, { error: 'field.invalid' satisfies RuleMessageKey }).max(128, { error: 'field.invalid' satisfies RuleMessageKey }),
    source: z.literal('mini', { error: 'field.invalid' satisfies RuleMessageKey }),
    /** ms; must be within the signature window of the server clock. */
    timestamp: z.coerce.number({ error: 'field.invalid' satisfies RuleMessageKey }).int(),
  }),
  response: LoginStateSchema,
})
