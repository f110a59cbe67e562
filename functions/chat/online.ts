/**
 * The widget's Online indicator as the server gives it (GET /api/chat/availability, the pong, the
 * presence push): domain/chat/availability.ts's rule on the hours staff saved and staff's connections.
 */
import type { WeeklyHours } from '#domain/business';
import { chatShowsOnline } from '#domain/chat/availability';
import { openingWeek } from '../admin/opening-hours-store';
import { isStaffOnline } from '../realtime/connection-store';

/** Whether the widget shows staff online at `now`, with the saved week it was judged by. */
export async function chatOnlineAt(now: Date): Promise<{ online: boolean; week: WeeklyHours }> {
  const [week, staffConnected] = await Promise.all([openingWeek(), isStaffOnline(now)]);
  return { online: chatShowsOnline(week, now, staffConnected), week };
}
