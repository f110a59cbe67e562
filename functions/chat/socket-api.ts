/**
 * The chat's WebSocket routes, one per `action` (domain/chat/socket.ts). The connection's record
 * says who is acting: a chat's customer, acting in that chat only, or staff. A refusal is answered
 * to the sending connection only, as an `error` naming the action and the message it refused.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { CHAT_MESSAGES } from '#domain/chat/chat';
import {
  markViewedActionSchema,
  pingActionSchema,
  sendMessageActionSchema,
  typingActionSchema,
  type ErrorEvent,
} from '#domain/chat/socket';
import { withTextRules } from '#domain/text';
import { fieldErrorsOf } from '../lib/http';
import { logger } from '../lib/logger';
import { keepConnectionAlive, readConnection, type ConnectionRecord } from '../realtime/connection-store';
import { disconnect, push } from '../realtime/push';
import { ChatRefusal, markViewed as markChatViewed, postMessage, refusals, relayTyping } from './conversation';
import { chatOnlineAt } from './online';

type SocketEvent = APIGatewayProxyWebsocketEventV2;

const DONE: APIGatewayProxyResultV2 = { statusCode: 200 };

function fieldOf(raw: unknown, name: string): string | null {
  const value = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
}

/**
 * One route: the body parsed against the action's schema and held to the text rules as an HTTP
 * body is (functions/lib/http.ts), the connection's record read (a record that expired closes the
 * connection, so the client reconnects with its credential and catches up), then the action.
 */
function socketRoute<S extends z.ZodType>(
  schema: S,
  act: (action: z.infer<S>, connection: ConnectionRecord, now: Date) => Promise<void>,
) {
  return async (event: SocketEvent): Promise<APIGatewayProxyResultV2> => {
    const { connectionId, requestTimeEpoch } = event.requestContext;
    const now = new Date(requestTimeEpoch);
    let raw: unknown;
    try {
      raw = JSON.parse(event.body ?? '');
    } catch {
      raw = undefined;
    }
    const refuse = (code: ErrorEvent['code'], message: string, fieldErrors?: Record<string, string>) =>
      push([connectionId], {
        type: 'error',
        code,
        message,
        action: fieldOf(raw, 'action'),
        clientMessageId: fieldOf(raw, 'clientMessageId'),
        ...(fieldErrors && { fieldErrors }),
      });

    const connection = await readConnection(connectionId, now);
    if (!connection) {
      await disconnect(connectionId);
      return DONE;
    }
    const parsed = withTextRules(schema).safeParse(raw);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      await refuse('invalid', Object.values(fieldErrors)[0] ?? CHAT_MESSAGES.invalidMessage, fieldErrors);
      return DONE;
    }
    try {
      await act(parsed.data, connection, now);
    } catch (error) {
      if (error instanceof ChatRefusal) {
        await refuse(error.code, error.message, error.fieldErrors);
      } else {
        logger.error('A chat action failed', { error: error as Error, routeKey: event.requestContext.routeKey });
        await refuse('internal', CHAT_MESSAGES.internal);
      }
    }
    return DONE;
  };
}

/** The chat a connection acts in: a customer's own (another named is refused), or the one staff name. */
function chatOf(connection: ConnectionRecord, named: string | undefined): string {
  if (connection.role === 'customer') {
    if (named !== undefined && named !== connection.sessionId) throw refusals.notYourSession();
    return connection.sessionId!;
  }
  if (named === undefined)
    throw new ChatRefusal('invalid', CHAT_MESSAGES.chooseChat, { sessionId: CHAT_MESSAGES.chooseChat });
  return named;
}

export const sendMessage = socketRoute(sendMessageActionSchema, async (action, connection, now) => {
  const sessionId = chatOf(connection, action.sessionId);
  await keepConnectionAlive(connection, now);
  await postMessage(
    {
      sessionId,
      senderType: connection.role === 'staff' ? 'support' : 'customer',
      text: action.text,
      clientMessageId: action.clientMessageId ?? null,
      connectionId: connection.connectionId,
    },
    now,
  );
});

export const typing = socketRoute(typingActionSchema, async (action, connection, now) => {
  const sessionId = chatOf(connection, action.sessionId);
  await relayTyping(sessionId, connection.role === 'staff' ? 'support' : 'customer', action.isTyping, now);
});

export const markViewed = socketRoute(markViewedActionSchema, async (action, connection, now) => {
  if (connection.role !== 'staff') throw refusals.staffOnly();
  await keepConnectionAlive(connection, now);
  await markChatViewed(action.sessionId, now);
});

export const ping = socketRoute(pingActionSchema, async (_action, connection, now) => {
  await keepConnectionAlive(connection, now);
  await push([connection.connectionId], { type: 'pong', staffOnline: (await chatOnlineAt(now)).online });
});
