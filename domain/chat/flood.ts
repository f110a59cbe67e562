/**
 * Flooding (CHAT_FLOOD_LIMITS): each message counts once for the connection it came on and once for
 * its side of its chat, in fixed windows; a message over either limit is refused. Pure: the handlers count in
 * the table (functions/chat/flood.ts).
 */
import { CHAT_FLOOD_LIMITS } from './chat';

export type FloodDimension = keyof typeof CHAT_FLOOD_LIMITS;

/** Messages counted in each dimension's current window, this one included (a message sent over HTTP has no connection). */
export function isFlooding(counts: Partial<Record<FloodDimension, number>>): boolean {
  return (Object.keys(counts) as FloodDimension[]).some(
    (dimension) => (counts[dimension] ?? 0) > CHAT_FLOOD_LIMITS[dimension].limit,
  );
}
