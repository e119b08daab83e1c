/**
 * Settings the browser tests give the gateway they start (playwright.config.ts), read by the tests
 * that depend on them.
 *
 * The resend interval of codes (CODE_RESEND_SECONDS, 60 s in a real deployment): several flows send
 * a second code to the destination that just got one (register, then change the password with a
 * code; register, then log in by code). Each waited out a whole minute, seven minutes of the suite
 * spent asleep; a short interval keeps the same rule, the countdown and the refusal, in seconds.
 */
export const CODE_RESEND_SECONDS = 5
