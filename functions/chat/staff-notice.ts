import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { STAFF_NOTICE_WINDOW_MS } from '#domain/chat/chat';
import { config } from '../lib/config';
import { documentClient } from '../lib/aws-clients';
import { epochSeconds } from '../lib/table/expiry';
import { isConditionFailure } from '../lib/table/items';
import { chatStaffNoticeKeys } from '../lib/table/keys';

/**
 * Takes the chat's staff-mail window for a notice at `at` (the event's time, so a redelivery asks
 * about the same moment): one conditional put that succeeds when staff were never mailed about the
 * chat, were last mailed at least a window before `at`, or when this same event took it before (a
 * retry after the mail failed). Answers whether the caller may mail.
 */
export async function takeStaffNoticeWindow(sessionId: string, at: Date, eventId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config().TABLE_NAME,
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
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
