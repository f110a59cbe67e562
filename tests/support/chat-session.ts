/**
 * Live chat as the integration tests drive it: real WebSockets to the local gateway that keep every
 * push, the chat API as a visitor and as staff. Importing it signs staff and a customer in before
 * the file's tests and closes every socket a test opened after it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, inject, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import type {
  ChatAvailability,
  ChatThreadResponse,
  StaffChatThreadResponse,
  StartChatResponse,
} from '#domain/chat/api';
import { CHAT_SECRET_HEADER, type ChatMessage } from '#domain/chat/chat';
import type { ServerEvent } from '#domain/chat/socket';
import { fetchFrom } from './client-address';
import { signUpConfirmedCustomer } from './customer';
import { eventually } from './eventually';
import { signInTokens } from './user-pool';

export const baseUrl = inject('baseUrl');
export const env = inject('localEnv');
export const webSocketUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;

export let staffToken: string;
export let staffIdToken: string;
export let customerToken: string;

// Signed in by the first file that imports this module: the files that share its module graph share the tokens.
beforeAll(async () => {
  ({ accessToken: staffToken, idToken: staffIdToken } = await signInTokens(baseUrl, inject('staffAccount')));
  customerToken = (await signUpConfirmedCustomer(baseUrl)).accessToken;
});

/** A connected socket that keeps every push it receives, for waiting on. */
export class ChatSocket {
  readonly events: ServerEvent[] = [];
  private readonly socket: WebSocket;
  constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => this.events.push(JSON.parse(String(data)) as ServerEvent));
  }

  send(body: unknown): void {
    this.socket.send(JSON.stringify(body));
  }

  messages(): ChatMessage[] {
    return this.events.flatMap((event) => (event.type === 'message' ? [event.message] : []));
  }

  of<T extends ServerEvent['type']>(type: T): Extract<ServerEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<ServerEvent, { type: T }> => event.type === type);
  }

  /** The first push (from `from` on) that `match` accepts, waiting for it up to 10 s. */
  async next<T extends ServerEvent['type']>(
    type: T,
    match: (event: Extract<ServerEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerEvent, { type: T }>> {
    const found = await eventually(
      async () => this.of(type).find(match),
      (event) => event !== undefined,
      10_000,
    );
    if (!found) throw new Error(`no ${type} push arrived; received: ${JSON.stringify(this.events)}`);
    return found;
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  /** Drops the connection without a closing handshake, as a lost network does. */
  drop(): void {
    this.socket.terminate();
  }
}

/** Opens a socket with `query`: the socket, or the HTTP status $connect refused it with. */
export function connectWith(query: Record<string, string>): Promise<ChatSocket | number> {
  const socket = new WebSocket(`${webSocketUrl}?${new URLSearchParams(query)}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      const chat = new ChatSocket(socket);
      // Closed when its test ends. Not by a hook of this module: the files share one module graph
      // (vitest.config.ts), so a hook here would be the first importing file's only, and a staff
      // socket left open by another file's test would keep staff online for the next one.
      onTestFinished(() => chat.close());
      resolve(chat);
    });
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

export async function connect(query: Record<string, string>): Promise<ChatSocket> {
  const result = await connectWith(query);
  if (typeof result === 'number') throw new Error(`$connect refused with ${result}`);
  // A ping answered means the connection's record is written and its routes answer.
  result.send({ action: 'ping' });
  await result.next('pong');
  return result;
}

export const connectStaff = () => connect({ token: staffToken });
export const connectVisitor = (chat: StartChatResponse) =>
  connect({ chatSession: chat.session.id, secret: chat.secret });

export async function api(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; from?: ReturnType<typeof fetchFrom> } = {},
): Promise<{ status: number; body: any }> {
  const init = {
    method,
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  const response = options.from
    ? await options.from(`${baseUrl}${path}`, init)
    : await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export const staff = () => ({ authorization: `Bearer ${staffToken}` });
export const visitorOf = (chat: StartChatResponse) => ({ [CHAT_SECRET_HEADER]: chat.secret });

export async function startChat(
  name = `Visitor ${randomUUID().slice(0, 8)}`,
  headers: Record<string, string> = {},
): Promise<StartChatResponse> {
  // Each visitor from an address of their own: chat starts are limited per address.
  const { status, body } = await api('POST', '/api/chat/sessions', {
    body: { name, phone: '214-555-0142' },
    headers,
    from: fetchFrom(),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as StartChatResponse;
}

export async function staffThread(sessionId: string, afterSeq = 0): Promise<StaffChatThreadResponse> {
  const { status, body } = await api('GET', `/api/admin/chat/sessions/${sessionId}/messages?afterSeq=${afterSeq}`, {
    headers: staff(),
  });
  expect(status).toBe(200);
  return body as StaffChatThreadResponse;
}

export async function visitorThread(chat: StartChatResponse, afterSeq = 0): Promise<ChatThreadResponse> {
  const { status, body } = await api('GET', `/api/chat/sessions/${chat.session.id}/messages?afterSeq=${afterSeq}`, {
    headers: visitorOf(chat),
  });
  expect(status).toBe(200);
  return body as ChatThreadResponse;
}

/** Waits until no staff connection is open any more (their $disconnect runs after the close). */
export async function noStaffOnline(): Promise<void> {
  const availability = await eventually(
    async () => (await api('GET', '/api/chat/availability')).body as ChatAvailability,
    (answer) => !answer.staffOnline,
  );
  expect(availability.staffOnline).toBe(false);
}
