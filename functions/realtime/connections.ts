/**
 * The WebSocket API's $connect, $disconnect and $default. $connect admits only a chat's customer
 * (the chat's secret, or the access token of the client who started it) and staff (an access token
 * of the group admin), as domain/chat/socket.ts describes; everything else is refused before the
 * socket opens, with 401 or 403.
 */
import { mayDo } from '#domain/staff/roles';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { CHAT_MESSAGES } from '#domain/chat/chat';
import { chatConnectQuerySchema, type ChatConnectQuery, type ErrorEvent } from '#domain/chat/socket';
import { callerOfAccessToken } from '../lib/caller';
import { readSession } from '../chat/chat-store';
import { chatOnlineAt } from '../chat/online';
import { secretMatches } from '../chat/secret';
import {
  allCustomerConnectionIds,
  isStaffOnline,
  putConnection,
  removeConnection,
  staffConnectionIds,
  type ConnectionRecord,
} from './connection-store';
import { push } from './push';

/** API Gateway passes the query string of the connect request; aws-lambda's WebSocket type leaves it out. */
type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const refused = (statusCode: 401 | 403): APIGatewayProxyResultV2 => ({ statusCode });

type Admission =
  { admitted: Omit<ConnectionRecord, 'connectionId' | 'connectedAt' | 'expiresAt'> } | { refused: 401 | 403 };

async function admission(query: ChatConnectQuery): Promise<Admission> {
  if (query.chatSession) {
    const session = await readSession(query.chatSession);
    if (!session) return { refused: 401 };
    let userId: string | null = null;
    if (query.secret) {
      if (!secretMatches(query.secret, session.secretHash)) return { refused: 401 };
    } else if (query.token) {
      const caller = await callerOfAccessToken(query.token);
      if (!caller) return { refused: 401 };
      if (session.clientId === null || caller.userId !== session.clientId) return { refused: 403 };
      userId = caller.userId;
    } else {
      return { refused: 401 };
    }
    if (session.status !== 'active') return { refused: 403 };
    return { admitted: { role: 'customer', sessionId: session.sessionId, userId } };
  }
  if (!query.token) return { refused: 401 };
  const caller = await callerOfAccessToken(query.token);
  if (!caller) return { refused: 401 };
  // The staff socket carries the chat inbox: only the roles of the chat duty.
  if (!mayDo(caller.roles, 'chat')) return { refused: 403 };
  return { admitted: { role: 'staff', sessionId: null, userId: caller.userId } };
}

export async function connect(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId, connectedAt, requestTimeEpoch } = event.requestContext as ConnectEvent['requestContext'] & {
    connectedAt?: number;
  };
  const now = new Date(requestTimeEpoch);
  const query = chatConnectQuerySchema.safeParse(event.queryStringParameters ?? {});
  if (!query.success) return refused(401);
  const decision = await admission(query.data);
  if ('refused' in decision) return refused(decision.refused);
  await putConnection(
    { connectionId, connectedAt: new Date(connectedAt ?? now.getTime()).toISOString(), ...decision.admitted },
    now,
  );
  if (decision.admitted.role === 'staff') {
    // The first staff member online within the opening hours: every widget's indicator turns on.
    const others = (await staffConnectionIds(now)).filter((id) => id !== connectionId);
    if (others.length === 0 && (await chatOnlineAt(now)).online)
      await push(await allCustomerConnectionIds(now), { type: 'presence', staffOnline: true });
  }
  return { statusCode: 200 };
}

export async function disconnect(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const now = new Date(event.requestContext.requestTimeEpoch);
  const removed = await removeConnection(event.requestContext.connectionId);
  // The last staff member left: every widget says when the shop will answer.
  if (removed?.role === 'staff' && !(await isStaffOnline(now))) {
    await push(await allCustomerConnectionIds(now), { type: 'presence', staffOnline: false });
  }
  return { statusCode: 200 };
}

/** $default: a message whose `action` names no route. */
export async function unknownAction(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  let action: unknown;
  let readable = true;
  try {
    action = (JSON.parse(event.body ?? '') as { action?: unknown }).action;
  } catch {
    readable = false;
  }
  const reply: ErrorEvent = {
    type: 'error',
    code: readable ? 'unknownAction' : 'invalid',
    message: readable ? CHAT_MESSAGES.unknownAction : CHAT_MESSAGES.invalidMessage,
    action: typeof action === 'string' ? action : null,
    clientMessageId: null,
  };
  await push([event.requestContext.connectionId], reply);
  return { statusCode: 200 };
}
