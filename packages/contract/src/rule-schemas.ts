import { z } from 'zod'
import { PATTERNS } from './rules'
import { luhnValid } from './rule-checks'
import type { RuleMessageKey } from './rule-messages'

const str = () => z.string({ error: 'field.required' satisfies RuleMessageKey })

/** The rules of SPEC §5 (./rules) as zod schemas whose issue messages are rule message keys. */
export const rules = {
  password: str()
    .min(1, { error: 'password.required' satisfies RuleMessageKey })
    .regex(PATTERNS.password, { error: 'password.invalid' satisfies RuleMessageKey }),
  idNumber: str().regex(PATTERNS.idNumber, { error: 'idNumber.invalid' satisfies RuleMessageKey }),
  alphanumeric: str().regex(PATTERNS.alphanumeric, { error: 'alphanumeric.invalid' satisfies RuleMessageKey }),
  mobile: str()
    .min(1, { error: 'mobile.required' satisfies RuleMessageKey })
    .regex(/^\d{11}$/, { error: 'mobile.length' satisfies RuleMessageKey })
    .regex(PATTERNS.mobile, { error: 'mobile.invalid' satisfies RuleMessageKey }),
  email: str().regex(PATTERNS.email, { error: 'email.invalid' satisfies RuleMessageKey }),
  themeHex: str().regex(PATTERNS.themeHex, { error: 'themeHex.invalid' satisfies RuleMessageKey }),
  eCardValue: str().regex(PATTERNS.eCardValue, { error: 'eCardValue.invalid' satisfies RuleMessageKey }),
  personName: str()
    .trim()
    .min(1, { error: 'name.invalid' satisfies RuleMessageKey })
    .max(50, { error: 'name.invalid' satisfies RuleMessageKey })
    .regex(PATTERNS.personName, { error: 'name.invalid' satisfies RuleMessageKey }),
  bankCard: str()
    .min(1, { error: 'bankCard.required' satisfies RuleMessageKey })
    .regex(PATTERNS.bankCard, { error: 'bankCard.invalid' satisfies RuleMessageKey })
    .refine(luhnValid, { error: 'bankCard.invalid' satisfies RuleMessageKey }),
  verificationCode: str().regex(PATTERNS.verificationCode, { error: 'code.invalid' satisfies RuleMessageKey }),
} as const

/** New password + confirmation: both must satisfy the password rule and match. */
export const passwordPair = z
  .object({ password: rules.password, confirmPassword: z.string({ error: 'field.required' }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'password.mismatch' satisfies RuleMessageKey,
    path: ['confirmPassword'],
  })
