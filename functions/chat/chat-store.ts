/**
 * Chat sessions and their messages in the single table (functions/lib/table/README.md). A message
 * and its sequence number are one transaction: the session's `lastSeq` moves from the value read to
 * the next, and the message is put under that number only if no message holds it, so every chat's
 * messages are numbered 1, 2, 3… with no gap and no number twice, whatever the concurrency.
 */
import { randomUUID } from 'node:crypto';
import { CATCH_UP_PAGE_SIZE, greetingText, SUPPORT_SENDER_NAME, type SenderType } from '#domain/chat/chat';
import type { ChatMessageRecord, ChatSessionRecord } from '#domain/chat/views';
import { businessConfig } from '../lib/config';
import { countAll, getItem, queryAll, queryPage, recordOf, tryConditional, updateItem } from '../lib/table/items';
import { clientPartitionKey } from '../lib/table/keys/accounts';
import {
  chatMessageKeys,
  chatMessageSortKey,
  chatSessionKeys,
  chatStatusIndexKeys,
  chatStatusPartition,
  CLIENT_CHAT_INDEX_SK_PREFIX,
  clientActiveChatIndexKeys,
  UNREAD_CHATS_PARTITION,
  unreadChatIndexKeys,
} from '../lib/table/keys/chat';
import { transact } from '../lib/table/transaction';

/**
 * How often an append re-reads and tries again when another change of the chat came first, waiting
 * a random time up to a ceiling that doubles each attempt (at most 200 ms), so writers racing for
 * one chat spread out. A chat has two sides; only a flood (refused past 20 messages a side in 10
 * seconds) makes many race.
 */
const APPEND_ATTEMPTS = 30;
const APPEND_BACKOFF_MAX_MS = 200;
const HIGHEST_SEQ = 9_999_999_999;

export class ChatSessionClosedError extends Error {
  constructor() {
    super('The chat is closed');
  }
}

/** Every attempt of an append found the chat changed by another: too many messages at once. */
export class ChatSessionBusyError extends Error {
  constructor() {
    super('The chat changed on every attempt');
  }
}

export class ChatSessionNotFoundError extends Error {
  constructor() {
    super('No such chat');
  }
}

function sessionItem(session: ChatSessionRecord) {
  return {
    ...chatSessionKeys(session.sessionId),
    ...chatStatusIndexKeys(session.status, session.createdAt, session.sessionId),
    ...(session.clientId && session.status === 'active'
      ? clientActiveChatIndexKeys(session.clientId, session.createdAt, session.sessionId)
      : {}),
    entity: 'chatSession',
    ...session,
  };
}

function messageItem(message: ChatMessageRecord) {
  return { ...chatMessageKeys(message.sessionId, message.seq), entity: 'chatMessage', ...message };
}

function newMessage(
  sessionId: string,
  seq: number,
  sender: { type: SenderType; name: string },
  text: string,
  clientMessageId: string | null,
  now: Date,
): ChatMessageRecord {
  return {
    messageId: randomUUID(),
    sessionId,
    seq,
    text,
    senderType: sender.type,
    senderName: sender.name,
    createdAt: now.toISOString(),
    clientMessageId,
  };
}

/** A new active chat with its greeting from support as message 1, written together. */
export async function createSession(
  input: { customerName: string; customerPhone: string | null; clientId: string | null; secretHash: string },
  now: Date,
): Promise<{ session: ChatSessionRecord; greeting: ChatMessageRecord }> {
  const sessionId = randomUUID();
  const greeting = newMessage(
    sessionId,
    1,
    { type: 'support', name: SUPPORT_SENDER_NAME },
    greetingText(input.customerName, businessConfig().name),
    null,
    now,
  );
  const session: ChatSessionRecord = {
    sessionId,
    ...input,
    status: 'active',
    createdAt: now.toISOString(),
    closedAt: null,
    lastSeq: 1,
    unreadCount: 0,
    viewedThroughSeq: 0,
    lastMessage: { text: greeting.text, senderType: 'support', createdAt: greeting.createdAt },
    version: 1,
  };
  const created = await transact({
    session: { Put: { Item: sessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } },
    greeting: { Put: { Item: messageItem(greeting), ConditionExpression: 'attribute_not_exists(pk)' } },
  });
  if (!created.committed) throw new Error(`Chat ${sessionId} exists already`);
  return { session, greeting };
}

export async function readSession(sessionId: string): Promise<ChatSessionRecord | undefined> {
  const item = await getItem(chatSessionKeys(sessionId), { consistent: true });
  return item ? recordOf<ChatSessionRecord>(item) : undefined;
}

/**
 * Appends a message to an active chat as the next in its sequence, from the customer (under their
 * name) or from support. A customer message also counts as unread and lists the chat in the unread
 * partition. Answers the message and the chat after it.
 */
export async function appendMessage(
  sessionId: string,
  input: { senderType: SenderType; text: string; clientMessageId: string | null },
  now: Date,
): Promise<{ message: ChatMessageRecord; session: ChatSessionRecord }> {
  const fromCustomer = input.senderType === 'customer';
  for (let attempt = 1; ; attempt++) {
    const read = await readSession(sessionId);
    if (!read) throw new ChatSessionNotFoundError();
    if (read.status !== 'active') throw new ChatSessionClosedError();
    const sender = { type: input.senderType, name: fromCustomer ? read.customerName : SUPPORT_SENDER_NAME };
    const message = newMessage(sessionId, read.lastSeq + 1, sender, input.text, input.clientMessageId, now);
    const session: ChatSessionRecord = {
      ...read,
      lastSeq: message.seq,
      unreadCount: read.unreadCount + (fromCustomer ? 1 : 0),
      lastMessage: { text: message.text, senderType: message.senderType, createdAt: message.createdAt },
      version: read.version + 1,
    };
    const appended = await transact(
      {
        session: {
          Update: {
            Key: chatSessionKeys(sessionId),
            UpdateExpression: `SET lastSeq = :seq, lastMessage = :last, version = :version, unreadCount = :unread${fromCustomer ? ', gsi2pk = :unreadPk, gsi2sk = :unreadSk' : ''}`,
            ConditionExpression: 'version = :read AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':seq': session.lastSeq,
              ':last': session.lastMessage,
              ':version': session.version,
              ':unread': session.unreadCount,
              ':read': read.version,
              ':active': 'active',
              ...(fromCustomer && {
                ':unreadPk': UNREAD_CHATS_PARTITION,
                ':unreadSk': unreadChatIndexKeys(read.createdAt, sessionId).gsi2sk,
              }),
            },
          },
        },
        message: { Put: { Item: messageItem(message), ConditionExpression: 'attribute_not_exists(pk)' } },
      },
      { conflicts: 'answer' },
    );
    if (appended.committed) return { message, session };
    // Another change of the chat came between the read and the write: read again and retry.
    if (attempt >= APPEND_ATTEMPTS) throw new ChatSessionBusyError();
    await new Promise((resolve) =>
      setTimeout(resolve, Math.random() * Math.min(APPEND_BACKOFF_MAX_MS, 5 * 2 ** attempt)),
    );
  }
}

/** The messages after `afterSeq`, oldest first, at most a page; `hasMore` when more follow. */
export async function readMessages(
  sessionId: string,
  afterSeq: number,
): Promise<{ messages: ChatMessageRecord[]; hasMore: boolean }> {
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': chatSessionKeys(sessionId).pk,
      ':from': chatMessageSortKey(afterSeq + 1),
      ':to': chatMessageSortKey(HIGHEST_SEQ),
    },
    Limit: CATCH_UP_PAGE_SIZE + 1,
    ConsistentRead: true,
  });
  const messages = items.map((item) => recordOf<ChatMessageRecord>(item));
  return { messages: messages.slice(0, CATCH_UP_PAGE_SIZE), hasMore: messages.length > CATCH_UP_PAGE_SIZE };
}

/** Staff opened the chat: every customer message so far is viewed, and it leaves the unread partition. */
export async function markSessionViewed(sessionId: string): Promise<ChatSessionRecord> {
  const viewed = updateItem({
    Key: chatSessionKeys(sessionId),
    UpdateExpression: 'SET unreadCount = :zero, viewedThroughSeq = lastSeq ADD version :one REMOVE gsi2pk, gsi2sk',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  if (!(await tryConditional(viewed))) throw new ChatSessionNotFoundError();
  return recordOf<ChatSessionRecord>((await viewed)!);
}

/**
 * Staff closed the chat: it leaves the active and unread lists and its client's active chat.
 * Answers the chat and whether this call closed it (closing a closed chat changes nothing).
 */
export async function closeSession(
  sessionId: string,
  now: Date,
): Promise<{ session: ChatSessionRecord; closedNow: boolean }> {
  const read = await readSession(sessionId);
  if (!read) throw new ChatSessionNotFoundError();
  if (read.status !== 'active') return { session: read, closedNow: false };
  const closed = updateItem({
    Key: chatSessionKeys(sessionId),
    UpdateExpression:
      'SET #status = :closed, closedAt = :now, gsi1pk = :closedPk ADD version :one REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk',
    ConditionExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':closed': 'closed',
      ':active': 'active',
      ':now': now.toISOString(),
      ':closedPk': chatStatusPartition('closed'),
      ':one': 1,
    },
    ReturnValues: 'ALL_NEW',
  });
  if (!(await tryConditional(closed))) return { session: (await readSession(sessionId))!, closedNow: false };
  return { session: recordOf<ChatSessionRecord>((await closed)!), closedNow: true };
}

/** Active chats, newest first (a chat leaves the list when it closes). */
export async function listActiveSessions(): Promise<ChatSessionRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': chatStatusPartition('active') },
    ScanIndexForward: false,
  });
  return items.map((item) => recordOf<ChatSessionRecord>(item));
}

/** The tab badge: how many chats have unread customer messages (a count of the sparse unread partition). */
export function countUnreadSessions(): Promise<number> {
  return countAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': UNREAD_CHATS_PARTITION },
  });
}

/** A signed-in client's latest active chat: the newest of their entries in gsi3, which only active chats keep. */
export async function latestActiveSessionOf(clientId: string): Promise<ChatSessionRecord | undefined> {
  const { items } = await queryPage({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': CLIENT_CHAT_INDEX_SK_PREFIX },
    ScanIndexForward: false,
    Limit: 1,
  });
  return items[0] ? recordOf<ChatSessionRecord>(items[0]) : undefined;
}
