/** Seconds since the epoch, the unit DynamoDB's TTL reads in `expiresAt`. */
export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/**
 * DynamoDB deletes expired items up to days late, and DynamoDB Local never does: every read of an
 * item carrying `expiresAt` treats it as gone once that time has passed, in both runtimes.
 */
export function isExpired(item: { expiresAt?: number } | undefined, now: Date = new Date()): boolean {
  return item?.expiresAt !== undefined && item.expiresAt <= epochSeconds(now);
}
