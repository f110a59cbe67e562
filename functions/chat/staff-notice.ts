import { STAFF_NOTICE_WINDOW_MS } from '#domain/chat/chat';
import { epochSeconds } from '../lib/table/expiry';
import { putItem, tryConditional } from '../lib/table/items';
import { chatStaffNoticeKeys } from '../lib/table/keys/chat';

/**
 * Takes the chat's staff-mail window for a notice at `at` (the event's time, so a redelivery asks
 * about the same moment): one conditional put that succeeds when staff were never mailed about the
 * chat, were last mailed at least a window before `at`, or when this same event took it before (a
 * retry after the mail failed). Answers whether the caller may mail.
 */
export function takeStaffNoticeWindow(sessionId: string, at: Date, eventId: string): Promise<boolean> {
  return tryConditional(
    putItem({
      Item: {
        ...chatStaffNoticeKeys(sessionId),
        entity: 'chatStaffNotice',
        noticedAtMs: at.getTime(),
        noticedBy: eventId,
        expiresAt: epochSeconds(new Date(at.getTime() + STAFF_NOTICE_WINDOW_MS)),
      },
      ConditionExpression: 'attribute_not_exists(pk) OR noticedAtMs <= :windowStart OR noticedBy = :eventId',
      ExpressionAttributeValues: { ':windowStart': at.getTime() - STAFF_NOTICE_WINDOW_MS, ':eventId': eventId },
    }),
  );
}
