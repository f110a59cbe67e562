/**
 * The widget's Online indicator as the server gives it (GET /api/chat/availability, the pong, the
 * presence push): domain/chat/availability.ts's rule on the hours and closed days staff saved and
 * staff's connections.
 */
import { chatShowsOnline } from '#domain/chat/availability';
import type { ShopHours } from '#domain/opening-hours';
import { shopHours } from '../admin/opening-hours-store';
import { isStaffOnline } from '../realtime/connection-store';

/** Whether the widget shows staff online at `now`, with the hours it was judged by. */
export async function chatOnlineAt(now: Date): Promise<{ online: boolean; hours: ShopHours }> {
  const [hours, staffConnected] = await Promise.all([shopHours(), isStaffOnline(now)]);
  return { online: chatShowsOnline(hours, now, staffConnected), hours };
}
