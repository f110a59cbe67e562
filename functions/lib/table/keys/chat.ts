/** The table's keys of live chats and their messages (functions/chat); see ../README.md. */
import { clientPartitionKey } from './accounts';

/**
 * A chat session. Its messages and its staff-mail window share its partition, so a thread is one
 * Query. Listed by status, newest first, through gsi1; while it has unread customer messages in the
 * sparse unread partition of gsi2 (the tab badge is a count of it); while active and its customer
 * signed in, under the client in gsi3 (their latest active chat).
 */
export function chatSessionKeys(sessionId: string) {
  return { pk: chatPartitionKey(sessionId), sk: 'SESSION' };
}

export function chatPartitionKey(sessionId: string) {
  return `CHAT#${sessionId}`;
}

export function chatStatusIndexKeys(status: string, createdAt: string, sessionId: string) {
  return { gsi1pk: chatStatusPartition(status), gsi1sk: `${createdAt}#${sessionId}` };
}

export function chatStatusPartition(status: string) {
  return `CHATS#${status}`;
}

export const UNREAD_CHATS_PARTITION = 'CHATS#unread';

export function unreadChatIndexKeys(createdAt: string, sessionId: string) {
  return { gsi2pk: UNREAD_CHATS_PARTITION, gsi2sk: `${createdAt}#${sessionId}` };
}

export function clientActiveChatIndexKeys(clientId: string, createdAt: string, sessionId: string) {
  return { gsi3pk: clientPartitionKey(clientId), gsi3sk: `${CLIENT_CHAT_INDEX_SK_PREFIX}${createdAt}#${sessionId}` };
}

export const CLIENT_CHAT_INDEX_SK_PREFIX = 'CHAT#';

/** A chat message; the sequence number is zero-padded so the messages sort in order. */
export function chatMessageKeys(sessionId: string, seq: number) {
  return { pk: chatPartitionKey(sessionId), sk: chatMessageSortKey(seq) };
}

export function chatMessageSortKey(seq: number) {
  return `${CHAT_MESSAGE_SK_PREFIX}${String(seq).padStart(10, '0')}`;
}

export const CHAT_MESSAGE_SK_PREFIX = 'MESSAGE#';

/** When staff were last mailed about a chat: one conditional write per 10-minute window. */
export function chatStaffNoticeKeys(sessionId: string) {
  return { pk: chatPartitionKey(sessionId), sk: 'STAFF_NOTICE' };
}
