import { z } from 'zod'
import type { RuleMessageKey } from '../rule-messages'
import { defineCall } from './define'
import { INFORMATION_ID_PATTERN, wire } from './wire'

/**
 * The help center's "was this helpful?" and the customer-service contacts (SPEC §1 personal
 * center: help center; §2 users package service pages). Help questions are articles of the CMS
 * information tree in categories of kind 'help' (./cms.ts). A vote is kept per question and voter:
 * the logged-in user when the call carries a live session, else the device id (`_ut`); voting
 * again replaces the vote. The answers carry no counts of other people's votes.
 */

const informationId = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .regex(INFORMATION_ID_PATTERN, { error: 'field.invalid' satisfies RuleMessageKey })

/** The voter's vote on a question: true helpful, false not helpful, null none yet. */
export const HelpVoteSchema = z.object({ informationId: z.string(), helpful: z.boolean().nullable() })
export type HelpVote = z.infer<typeof HelpVoteSchema>

export const helpVote = defineCall({
  ...wire.helpVote,
  summary: "The caller's vote on a help question (user when logged in, else device), or null",
  tags: ['help'],
  query: z.object({ informationId }),
  response: HelpVoteSchema,
})

export const HelpFeedbackBodySchema = z.object({ informationId, helpful: z.boolean({ error: 'field.invalid' satisfies RuleMessageKey }) })

export const helpFeedback = defineCall({
  ...wire.helpFeedback,
  summary: 'Records "was this helpful?" on a help question: one vote per user (or device) per question, changeable; HELP_VOTES_PER_MINUTE a voter',
  tags: ['help'],
  body: HelpFeedbackBodySchema,
  response: HelpVoteSchema,
})

/** A regional service desk of the provider. */
export const ServiceRegionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The cities or provinces it serves. */
  covers: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
  address: z.string(),
})
export type ServiceRegion = z.infer<typeof ServiceRegionSchema>

export const ServiceContactsSchema = z.object({
  /** The national hotline (the gateway's SERVICE_PHONE). */
  hotline: z.string(),
  hours: z.string(),
  email: z.string(),
  regions: z.array(ServiceRegionSchema),
  /** The micro-assistant's API (the AI customer service), for a page opened with a code of its own. */
  assistantApiUrl: z.string(),
})
export type ServiceContacts = z.infer<typeof ServiceContactsSchema>

export const serviceContacts = defineCall({
  ...wire.serviceContacts,
  summary: 'Customer-service contacts: the national hotline and its hours, the service email, the regional desks (caller language)',
  tags: ['help'],
  response: ServiceContactsSchema,
})
