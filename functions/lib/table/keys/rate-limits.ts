/**
 * The table's keys of the counters of rate-limited actions (functions/lib/rate-limit.ts); see
 * ../README.md.
 */

/**
 * Attempts at a rate-limited action (domain/rate-limits.ts) by one recipient or client address in
 * one fixed window: the window's start is in the key, so a new window is a new counter and an old
 * one is never read again (it carries `expiresAt` = the window's end for TTL to delete).
 */
export function rateCounterKeys(action: string, dimension: string, subject: string, windowStart: number) {
  return { pk: `RATE#${action}#${dimension}#${subject}`, sk: `WINDOW#${windowStart}` };
}
