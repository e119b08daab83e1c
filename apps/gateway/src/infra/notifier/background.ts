/**
 * Messages handed to the notifier after the answer was decided, so that the answer's timing does
 * not depend on whether (or how slowly) a message goes out — password recovery must not tell a
 * stranger whether a phone or email is registered. The dev outbox waits for these before it reads,
 * so a person (or a test) asking for their code right after the call finds it.
 */
const pending = new Set<Promise<unknown>>()

export function deliverInBackground(delivery: Promise<unknown>, onError: (error: unknown) => void): void {
  const tracked = delivery.catch(onError).finally(() => pending.delete(tracked))
  pending.add(tracked)
}

/**
 * Starts `work` (a delivery, a ledger write) only once `answered` resolves (lib/answered.ts: the
 * answer written out), tracked like the deliveries above.
 */
export function afterAnswer(answered: Promise<void>, work: () => Promise<unknown>, onError: (error: unknown) => void): void {
  deliverInBackground(answered.then(work), onError)
}

/** Resolves once every delivery started so far has ended (sent or failed). */
export async function backgroundDeliveriesSettled(): Promise<void> {
  await Promise.allSettled([...pending])
}
