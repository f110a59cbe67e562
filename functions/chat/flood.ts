import { CHAT_FLOOD_LIMITS, type SenderType } from '#domain/chat/chat';
import { isFlooding } from '#domain/chat/flood';
import { countAttempt } from '../lib/rate-limit';

/**
 * Counts a message against the flood limits (domain/chat/flood.ts): once for the connection it came
 * on (none over HTTP) and once for its side of its chat, each an atomic count in the table. Answers
 * whether the message is over a limit.
 */
export async function isFloodingWith(
  message: { connectionId: string | null; sessionId: string; senderType: SenderType },
  now: Date,
): Promise<boolean> {
  const [perConnection, perSession] = await Promise.all([
    message.connectionId === null
      ? undefined
      : countAttempt('chatMessage', 'perConnection', message.connectionId, CHAT_FLOOD_LIMITS.perConnection, now),
    countAttempt(
      'chatMessage',
      'perSession',
      `${message.sessionId}#${message.senderType}`,
      CHAT_FLOOD_LIMITS.perSession,
      now,
    ),
  ]);
  return isFlooding({ perSession, ...(perConnection !== undefined && { perConnection }) });
}
