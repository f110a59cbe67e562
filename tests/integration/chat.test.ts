/**
 * Live chat over real WebSockets against the local gateway and the local stack's handlers: who may
 * connect, fan-out to a chat's customer and every staff connection, the per-chat sequence across
 * drops and concurrency, refusals, closing, and the staff mail when nobody is online.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import type {
  ActiveChatsResponse,
  ChatAvailability,
  ChatThreadResponse,
  StaffChatThreadResponse,
  StartChatResponse,
} from '#domain/chat/api';
import {
  CHAT_FLOOD_LIMITS,
  CHAT_MESSAGES,
  CHAT_SECRET_HEADER,
  MESSAGE_MAX_CHARS,
  type ChatMessage,
} from '#domain/chat/chat';
import type { ServerEvent } from '#domain/chat/socket';
import { hasGap, lastContiguousSeq, mergeMessages } from '#domain/chat/thread';
import { ChatMessagePosted, EVENT_SOURCE } from '#events/catalog';
import { resetConfigCache } from '../../functions/lib/config';
import { chatCustomerConnectionIndexKeys, connectionKeys } from '../../functions/lib/table/keys';
import { lambdaContext } from '../../infra/local/handlers';
import { addToCart, blind, myOrder, pay, api as shopApi, shopperWithPlacedOrder } from '../support/checkout';
import { fetchFrom } from '../support/client-address';
import { signUpConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { outbox } from '../support/outbox';
import { signInTokens } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const webSocketUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;

let staffToken: string;
let staffIdToken: string;
let customerToken: string;

beforeAll(async () => {
  ({ accessToken: staffToken, idToken: staffIdToken } = await signInTokens(baseUrl, inject('staffAccount')));
  customerToken = (await signUpConfirmedCustomer(baseUrl)).accessToken;
});

/* ---------- Helpers ---------- */

/** A connected socket that keeps every push it receives, for waiting on. */
class ChatSocket {
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

const opened = new Set<ChatSocket>();

afterEach(async () => {
  await Promise.all([...opened].map((socket) => socket.close()));
  opened.clear();
});

/** Opens a socket with `query`: the socket, or the HTTP status $connect refused it with. */
function connectWith(query: Record<string, string>): Promise<ChatSocket | number> {
  const socket = new WebSocket(`${webSocketUrl}?${new URLSearchParams(query)}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      const chat = new ChatSocket(socket);
      opened.add(chat);
      resolve(chat);
    });
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

async function connect(query: Record<string, string>): Promise<ChatSocket> {
  const result = await connectWith(query);
  if (typeof result === 'number') throw new Error(`$connect refused with ${result}`);
  // A ping answered means the connection's record is written and its routes answer.
  result.send({ action: 'ping' });
  await result.next('pong');
  return result;
}

const connectStaff = () => connect({ token: staffToken });
const connectVisitor = (chat: StartChatResponse) => connect({ chatSession: chat.session.id, secret: chat.secret });

async function api(
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

const staff = () => ({ authorization: `Bearer ${staffToken}` });
const visitorOf = (chat: StartChatResponse) => ({ [CHAT_SECRET_HEADER]: chat.secret });

async function startChat(
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

async function staffThread(sessionId: string, afterSeq = 0): Promise<StaffChatThreadResponse> {
  const { status, body } = await api('GET', `/api/admin/chat/sessions/${sessionId}/messages?afterSeq=${afterSeq}`, {
    headers: staff(),
  });
  expect(status).toBe(200);
  return body as StaffChatThreadResponse;
}

async function visitorThread(chat: StartChatResponse, afterSeq = 0): Promise<ChatThreadResponse> {
  const { status, body } = await api('GET', `/api/chat/sessions/${chat.session.id}/messages?afterSeq=${afterSeq}`, {
    headers: visitorOf(chat),
  });
  expect(status).toBe(200);
  return body as ChatThreadResponse;
}

/** Waits until no staff connection is open any more (their $disconnect runs after the close). */
async function noStaffOnline(): Promise<void> {
  const availability = await eventually(
    async () => (await api('GET', '/api/chat/availability')).body as ChatAvailability,
    (answer) => !answer.staffOnline,
  );
  expect(availability.staffOnline).toBe(false);
}

/* ---------- Tests ---------- */

describe('starting a chat', () => {
  it('needs a name, greets the customer by name as message 1 from Support Team, and gives a secret', async () => {
    const refused = await api('POST', '/api/chat/sessions', { body: { name: '   ', phone: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ name: CHAT_MESSAGES.nameRequired });

    const chat = await startChat('Dana', {});
    expect(chat.session).toMatchObject({
      customerName: 'Dana',
      customerPhone: '214-555-0142',
      status: 'active',
      lastSeq: 1,
      closedAt: null,
    });
    expect(chat.secret.length).toBeGreaterThanOrEqual(40);
    expect(chat.messages).toEqual([
      expect.objectContaining({
        seq: 1,
        senderType: 'support',
        senderName: 'Support Team',
        text: expect.stringMatching(/^Hi Dana! .*window treatments/),
      }),
    ]);
    const thread = await visitorThread(chat);
    expect(thread.messages.map((message) => message.text)).toEqual([chat.messages[0]!.text]);
  });

  it("binds a signed-in customer's chat to them: their latest active chat, reachable with their token", async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const bearer = { authorization: `Bearer ${customer.accessToken}` };
    expect((await api('GET', '/api/chat/sessions/current', { headers: bearer })).body).toEqual({ session: null });
    const chat = await startChat('Signed In', bearer);
    const current = await eventually(
      async () => (await api('GET', '/api/chat/sessions/current', { headers: bearer })).body,
      (body) => body.session !== null,
    );
    expect(current.session.id).toBe(chat.session.id);
    expect((await api('GET', `/api/chat/sessions/${chat.session.id}/messages`, { headers: bearer })).status).toBe(200);
    await connect({ chatSession: chat.session.id, token: customer.accessToken });
    expect(await connectWith({ chatSession: chat.session.id, token: customerToken })).toBe(403);
    expect(
      (
        await api('GET', `/api/chat/sessions/${chat.session.id}/messages`, {
          headers: { authorization: `Bearer ${customerToken}` },
        })
      ).status,
    ).toBe(404);
  });
});

describe('connecting', () => {
  it('is refused without the chat secret, with a wrong or another chat’s secret, for a non-admin token and for anything that does not verify', async () => {
    const [mine, other] = await Promise.all([startChat(), startChat()]);
    expect(await connectWith({})).toBe(401);
    expect(await connectWith({ chatSession: mine.session.id })).toBe(401);
    expect(await connectWith({ chatSession: mine.session.id, secret: 'not-the-secret' })).toBe(401);
    expect(await connectWith({ chatSession: mine.session.id, secret: other.secret })).toBe(401);
    expect(await connectWith({ chatSession: randomUUID(), secret: mine.secret })).toBe(401);
    expect(await connectWith({ secret: mine.secret })).toBe(401);
    expect(await connectWith({ token: customerToken })).toBe(403);
    expect(await connectWith({ token: 'not.a.token' })).toBe(401);
    expect(await connectWith({ token: staffIdToken })).toBe(401);
    expect(await connectWith({ chatSession: mine.session.id, token: customerToken })).toBe(403);
    // The right secret and a staff token are admitted.
    await connectVisitor(mine);
    await connectStaff();
  });
});

describe('a visitor and two staff connections', () => {
  it('fan out every message in order to the chat and every staff screen, and mark-viewed reaches both staff', async () => {
    const [first, second] = await Promise.all([connectStaff(), connectStaff()]);
    const chat = await startChat();
    for (const staffSocket of [first, second]) {
      const started = await staffSocket.next('sessionUpdated', (event) => event.session.id === chat.session.id);
      expect(started.session).toMatchObject({ unreadCount: 0, status: 'active', signedIn: false });
    }
    const visitor = await connectVisitor(chat);

    const texts = ['Do you install in Plano?', 'It is a bay window,\nthree panes.', 'Thanks!'];
    for (const text of texts) {
      const clientMessageId = randomUUID();
      visitor.send({ action: 'sendMessage', text, clientMessageId });
      const echo = await visitor.next('message', (event) => event.message.clientMessageId === clientMessageId);
      expect(echo.message).toMatchObject({
        text,
        senderType: 'customer',
        senderName: chat.session.customerName,
        adminViewed: false,
      });
    }
    for (const staffSocket of [first, second]) {
      await staffSocket.next('message', (event) => event.message.text === 'Thanks!');
      const received = staffSocket.messages().filter((message) => message.sessionId === chat.session.id);
      expect(received.map((message) => [message.seq, message.text])).toEqual(texts.map((text, i) => [i + 2, text]));
      const unread = await staffSocket.next(
        'sessionUpdated',
        (event) => event.session.id === chat.session.id && event.session.unreadCount === 3,
      );
      expect(unread.unreadSessions).toBeGreaterThanOrEqual(1);
    }

    first.send({ action: 'typing', sessionId: chat.session.id, isTyping: true });
    expect((await visitor.next('typing')).senderType).toBe('support');
    visitor.send({ action: 'typing', isTyping: true });
    await second.next('typing', (event) => event.sessionId === chat.session.id && event.senderType === 'customer');

    first.send({ action: 'sendMessage', sessionId: chat.session.id, text: 'Yes, we do. When suits you?' });
    const reply = await visitor.next(
      'message',
      (event) => event.message.senderType === 'support' && event.message.seq === 5,
    );
    expect(reply.message).toMatchObject({ senderName: 'Support Team', text: 'Yes, we do. When suits you?' });
    await second.next('message', (event) => event.message.seq === 5 && event.message.sessionId === chat.session.id);

    first.send({ action: 'markViewed', sessionId: chat.session.id });
    for (const staffSocket of [first, second]) {
      await staffSocket.next(
        'sessionUpdated',
        (event) =>
          event.session.id === chat.session.id && event.session.unreadCount === 0 && event.session.lastSeq === 5,
      );
    }
    const thread = await staffThread(chat.session.id);
    expect(thread.session.unreadCount).toBe(0);
    expect(thread.messages.every((message) => message.adminViewed)).toBe(true);
    const active = (await api('GET', '/api/admin/chat/sessions', { headers: staff() })).body as ActiveChatsResponse;
    expect(active.sessions.find((session) => session.id === chat.session.id)).toMatchObject({
      unreadCount: 0,
      lastMessage: { text: 'Yes, we do. When suits you?', senderType: 'support' },
    });
  });

  it('numbers messages from concurrent senders without a gap or a number twice, and every screen ends with the same thread', async () => {
    const chat = await startChat();
    const [staffSocket, visitor] = await Promise.all([connectStaff(), connectVisitor(chat)]);
    await Promise.all([
      ...[1, 2, 3].map((i) =>
        api('POST', `/api/chat/sessions/${chat.session.id}/messages`, {
          body: { text: `visitor ${i}` },
          headers: visitorOf(chat),
        }),
      ),
      ...[1, 2, 3].map((i) =>
        api('POST', `/api/admin/chat/sessions/${chat.session.id}/messages`, {
          body: { text: `staff ${i}` },
          headers: staff(),
        }),
      ),
    ]);
    const stored = (await staffThread(chat.session.id)).messages;
    expect(stored.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const socket of [staffSocket, visitor]) {
      await eventually(
        async () => socket.messages().filter((message) => message.sessionId === chat.session.id).length,
        (count) => count === 6,
      );
      const shown = mergeMessages(
        chat.messages,
        socket.messages().filter((message) => message.sessionId === chat.session.id),
      );
      expect(shown.map((message) => [message.seq, message.text])).toEqual(
        stored.map((message) => [message.seq, message.text]),
      );
    }
  });
});

describe('a dropped connection', () => {
  it('catches up exactly what it missed: no gap, no duplicate', async () => {
    const chat = await startChat();
    let visitor = await connectVisitor(chat);
    let thread = [...chat.messages];

    await api('POST', `/api/admin/chat/sessions/${chat.session.id}/messages`, {
      body: { text: 'before the drop' },
      headers: staff(),
    });
    thread = mergeMessages(thread, [(await visitor.next('message')).message]);
    visitor.drop();

    for (const text of ['missed one', 'missed two']) {
      await api('POST', `/api/admin/chat/sessions/${chat.session.id}/messages`, { body: { text }, headers: staff() });
    }
    visitor = await connectVisitor(chat);
    const caughtUp = await visitorThread(chat, lastContiguousSeq(thread));
    expect(caughtUp.messages.map((message) => [message.seq, message.text])).toEqual([
      [3, 'missed one'],
      [4, 'missed two'],
    ]);
    expect(caughtUp.hasMore).toBe(false);
    thread = mergeMessages(thread, caughtUp.messages);

    await api('POST', `/api/admin/chat/sessions/${chat.session.id}/messages`, {
      body: { text: 'after the reconnect' },
      headers: staff(),
    });
    const pushed = (await visitor.next('message')).message;
    // The same message twice (a push and a poll) is shown once.
    thread = mergeMessages(thread, [pushed, pushed, ...(await visitorThread(chat, 3)).messages]);
    expect(hasGap(thread)).toBe(false);
    expect(thread.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(thread.map((message) => message.text).slice(1)).toEqual([
      'before the drop',
      'missed one',
      'missed two',
      'after the reconnect',
    ]);
  });

  it('leaves a record that the first push answered 410 Gone deletes', async () => {
    const chat = await startChat();
    const visitor = await connectVisitor(chat);
    // A connection whose $disconnect never arrived: its record outlives it.
    const goneId = `gone${randomUUID().replaceAll('-', '').slice(0, 12)}=`;
    const connectedAt = new Date().toISOString();
    await localTable().send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: {
          ...connectionKeys(goneId),
          ...chatCustomerConnectionIndexKeys(chat.session.id, goneId),
          entity: 'connection',
          connectionId: goneId,
          role: 'customer',
          sessionId: chat.session.id,
          userId: null,
          connectedAt,
          expiresAt: Math.floor(Date.now() / 1000) + 600,
        },
      }),
    );
    await api('POST', `/api/admin/chat/sessions/${chat.session.id}/messages`, {
      body: { text: 'anyone there?' },
      headers: staff(),
    });
    await visitor.next('message', (event) => event.message.text === 'anyone there?');
    const record = await eventually(
      async () =>
        (await localTable().send(new GetCommand({ TableName: env.TABLE_NAME, Key: connectionKeys(goneId) }))).Item,
      (item) => item === undefined,
    );
    expect(record).toBeUndefined();
  });
});

describe('what a visitor may do', () => {
  it('cannot read or post to another chat, over HTTP or the socket', async () => {
    const [mine, theirs] = await Promise.all([startChat(), startChat()]);
    expect((await api('GET', `/api/chat/sessions/${theirs.session.id}/messages`)).status).toBe(401);
    const read = await api('GET', `/api/chat/sessions/${theirs.session.id}/messages`, { headers: visitorOf(mine) });
    expect(read).toEqual({ status: 404, body: { message: CHAT_MESSAGES.sessionNotFound } });
    expect(
      (
        await api('POST', `/api/chat/sessions/${theirs.session.id}/messages`, {
          body: { text: 'hi' },
          headers: visitorOf(mine),
        })
      ).status,
    ).toBe(404);

    const visitor = await connectVisitor(mine);
    const clientMessageId = randomUUID();
    visitor.send({ action: 'sendMessage', sessionId: theirs.session.id, text: 'let me in', clientMessageId });
    expect(await visitor.next('error')).toMatchObject({
      code: 'notYourSession',
      message: CHAT_MESSAGES.notYourSession,
      action: 'sendMessage',
      clientMessageId,
    });
    visitor.send({ action: 'markViewed', sessionId: theirs.session.id });
    expect(await visitor.next('error', (event) => event.action === 'markViewed')).toMatchObject({ code: 'staffOnly' });
    visitor.send({ action: 'shout' });
    expect(await visitor.next('error', (event) => event.action === 'shout')).toMatchObject({ code: 'unknownAction' });
    expect((await visitorThread(theirs)).messages.map((message) => message.seq)).toEqual([1]);
  });

  it('has oversized, blank and control-character messages refused with the reason, and flooding refused', async () => {
    const chat = await startChat();
    const visitor = await connectVisitor(chat);
    const refusals = [
      ['x'.repeat(MESSAGE_MAX_CHARS + 1), CHAT_MESSAGES.messageTooLong],
      ['   \n ', CHAT_MESSAGES.blankMessage],
      ['ring \u0007 ring', 'Message contains characters that are not allowed.'],
    ] as const;
    for (const [text, reason] of refusals) {
      const clientMessageId = randomUUID();
      visitor.send({ action: 'sendMessage', text, clientMessageId });
      expect(await visitor.next('error', (event) => event.clientMessageId === clientMessageId)).toMatchObject({
        code: 'invalid',
        message: reason,
        fieldErrors: { text: reason },
      });
      const overHttp = await api('POST', `/api/chat/sessions/${chat.session.id}/messages`, {
        body: { text },
        headers: visitorOf(chat),
      });
      expect(overHttp).toEqual({
        status: 400,
        body: { message: 'Please correct the highlighted fields.', fieldErrors: { text: reason } },
      });
    }
    const longest = 'y'.repeat(MESSAGE_MAX_CHARS);
    visitor.send({ action: 'sendMessage', text: longest });
    await visitor.next('message', (event) => event.message.text === longest);

    // Twelve at once from one connection: whichever one-second windows they fall in, one holds six or more.
    const burst = Array.from({ length: 12 }, () => randomUUID());
    for (const clientMessageId of burst) visitor.send({ action: 'sendMessage', text: 'flood', clientMessageId });
    const outcomes = await eventually(
      async () =>
        burst.map((id) =>
          visitor.events.find(
            (event) =>
              (event.type === 'message' && event.message.clientMessageId === id) ||
              (event.type === 'error' && event.clientMessageId === id),
          ),
        ),
      (found) => found.every((event) => event !== undefined),
    );
    const refused = outcomes.filter((event) => event?.type === 'error');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toMatchObject({ code: 'tooManyMessages', message: CHAT_MESSAGES.tooManyMessages });
    expect((await visitorThread(chat)).messages.filter((message) => message.text === 'flood')).toHaveLength(
      12 - refused.length,
    );
  });

  it('has flooding over HTTP refused with 429 by the per-chat limit', async () => {
    const chat = await startChat();
    // Waves of ten until one is refused: a ten-second window can take twenty, so the first refusal comes after at least twenty more.
    const answers: Array<{ status: number; body: any }> = [];
    while (!answers.some((answer) => answer.status === 429) && answers.length < 100) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () =>
            api('POST', `/api/chat/sessions/${chat.session.id}/messages`, {
              body: { text: 'again' },
              headers: visitorOf(chat),
            }),
          ),
        )),
      );
    }
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused[0]?.body).toEqual({ message: CHAT_MESSAGES.tooManyMessages });
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    expect(accepted.length + refused.length).toBe(answers.length);
    expect((await visitorThread(chat)).messages.filter((message) => message.text === 'again')).toHaveLength(
      accepted.length,
    );
  });

  it("never refuses staff's replies while the chat's customer is flooding it: each side is counted on its own", async () => {
    // Posted here against the stack's table and sockets, every message at one instant, so all fall in one flood window.
    Object.assign(process.env, env);
    resetConfigCache();
    const { ChatRefusal, postMessage } = await import('../../functions/chat/conversation');
    const chat = await startChat();
    const visitor = await connectVisitor(chat);
    const now = new Date();
    const post = (senderType: 'customer' | 'support', text: string) =>
      postMessage(
        { sessionId: chat.session.id, senderType, text, clientMessageId: null, connectionId: null },
        now,
      ).then(
        () => 'stored',
        (error: unknown) => (error instanceof ChatRefusal ? error.code : Promise.reject(error)),
      );
    const flood: string[] = [];
    for (let count = 0; count <= CHAT_FLOOD_LIMITS.perSession.limit; count += 1)
      flood.push(await post('customer', `flood ${count}`));
    expect(flood.at(-1)).toBe('tooManyMessages');

    expect(await post('support', 'Staff reply')).toBe('stored');
    expect(await visitor.next('message', (event) => event.message.text === 'Staff reply')).toMatchObject({
      message: { senderType: 'support' },
    });
    expect(await post('customer', 'once more')).toBe('tooManyMessages');
  });
});

describe('staff routes', () => {
  it('answer 401 without a token and 403 to a customer', async () => {
    const chat = await startChat();
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/chat/sessions'],
      ['GET', '/api/admin/chat/unread'],
      ['GET', `/api/admin/chat/sessions/${chat.session.id}/messages`],
      ['POST', `/api/admin/chat/sessions/${chat.session.id}/messages`],
      ['POST', `/api/admin/chat/sessions/${chat.session.id}/viewed`],
      ['POST', `/api/admin/chat/sessions/${chat.session.id}/close`],
      ['GET', `/api/admin/chat/sessions/${chat.session.id}/customer`],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? { text: 'hi' } : undefined;
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect(
        (await api(method, path, { body, headers: { authorization: `Bearer ${customerToken}` } })).body,
        `${method} ${path}`,
      ).toEqual({
        message: 'Access denied. Admin privileges required.',
      });
    }
    expect(
      (await api('GET', '/api/admin/chat/sessions', { headers: { authorization: 'Bearer not.a.token' } })).status,
    ).toBe(401);
    expect((await staffThread(chat.session.id)).messages).toHaveLength(1);
  });

  it('count chats with unread customer messages for the badge until they are viewed', async () => {
    const chat = await startChat();
    const badge = async () =>
      ((await api('GET', '/api/admin/chat/unread', { headers: staff() })).body as { unreadSessions: number })
        .unreadSessions;
    await api('POST', `/api/chat/sessions/${chat.session.id}/messages`, {
      body: { text: 'hello?' },
      headers: visitorOf(chat),
    });
    const withUnread = await badge();
    expect(withUnread).toBeGreaterThanOrEqual(1);
    const viewed = await api('POST', `/api/admin/chat/sessions/${chat.session.id}/viewed`, { headers: staff() });
    expect(viewed.body.session).toMatchObject({ id: chat.session.id, unreadCount: 0 });
    expect(await badge()).toBe(withUnread - 1);
  });
});

describe('the staff side panel', () => {
  it("shows a signed-in customer's cart, recent orders and properties, changing nothing, and nothing for a visitor", async () => {
    // The orders the customer sees in My Account: what they paid for (decision 0039).
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    await pay(baseUrl, order.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, shopper, order.orderId),
      (paid) => paid.paymentStatus === 'paid',
      10_000,
    );
    await addToCart(baseUrl, shopper, blind());
    const cartBefore = (await shopApi(baseUrl, shopper, 'GET', '/cart')).body;
    const chat = await startChat('Casey', { authorization: `Bearer ${shopper.accessToken}` });
    const panel = await api('GET', `/api/admin/chat/sessions/${chat.session.id}/customer`, { headers: staff() });
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({
      signedIn: true,
      customer: { firstName: 'Casey', lastName: 'Buyer', email: shopper.email },
    });
    expect(panel.body.cart).toMatchObject({
      id: cartBefore.id,
      status: 'active',
      itemCount: cartBefore.itemCount,
      subtotalCents: cartBefore.subtotalCents,
    });
    expect(panel.body.cart.items.map((item: { title: string }) => item.title)).toEqual(
      cartBefore.items.map((item: { title: string }) => item.title),
    );
    expect(panel.body.orders).toEqual([
      expect.objectContaining({ id: order.orderId, orderNumber: order.orderNumber, status: 'processing' }),
    ]);
    expect(panel.body.properties.map((property: { name: string }) => property.name)).toEqual(['Main Residence']);
    expect((await shopApi(baseUrl, shopper, 'GET', '/cart')).body).toEqual(cartBefore);

    const visitorChat = await startChat();
    expect(
      (await api('GET', `/api/admin/chat/sessions/${visitorChat.session.id}/customer`, { headers: staff() })).body,
    ).toEqual({ signedIn: false });
  });
});

describe('closing a chat', () => {
  it("tells the customer's widget, leaves the active list, and refuses new messages and connections", async () => {
    const staffSocket = await connectStaff();
    const chat = await startChat();
    const visitor = await connectVisitor(chat);
    const closed = await api('POST', `/api/admin/chat/sessions/${chat.session.id}/close`, { headers: staff() });
    expect(closed.status).toBe(200);
    expect(closed.body.session).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect(await visitor.next('sessionClosed')).toMatchObject({
      sessionId: chat.session.id,
      message: CHAT_MESSAGES.sessionClosed,
    });
    await staffSocket.next(
      'sessionUpdated',
      (event) => event.session.id === chat.session.id && event.session.status === 'closed',
    );

    const active = (await api('GET', '/api/admin/chat/sessions', { headers: staff() })).body as ActiveChatsResponse;
    expect(active.sessions.some((session) => session.id === chat.session.id)).toBe(false);
    const post = await api('POST', `/api/chat/sessions/${chat.session.id}/messages`, {
      body: { text: 'still there?' },
      headers: visitorOf(chat),
    });
    expect(post).toEqual({ status: 409, body: { message: CHAT_MESSAGES.sessionClosed } });
    visitor.send({ action: 'sendMessage', text: 'hello?' });
    expect(await visitor.next('error')).toMatchObject({ code: 'sessionClosed' });
    expect((await visitorThread(chat)).session.status).toBe('closed');
    expect(await connectWith({ chatSession: chat.session.id, secret: chat.secret })).toBe(403);
    // Closing again changes nothing.
    expect(
      (await api('POST', `/api/admin/chat/sessions/${chat.session.id}/close`, { headers: staff() })).body.session
        .closedAt,
    ).toBe(closed.body.session.closedAt);
  });
});

describe('staff presence and the staff mail', () => {
  it('shows whether staff are online: availability, pong and presence pushes', async () => {
    await noStaffOnline();
    const offline = (await api('GET', '/api/chat/availability')).body as ChatAvailability;
    expect(offline.answerNote).toMatch(/^Nobody is online right now\. Leave a message and we'll answer /);
    expect(offline.officeHours[0]).toEqual({ label: 'Monday - Friday', text: '7:30 AM - 9:00 PM' });

    const chat = await startChat();
    const visitor = await connectVisitor(chat);
    expect(visitor.of('pong')[0]?.staffOnline).toBe(false);
    const staffSocket = await connectStaff();
    await visitor.next('presence', (event) => event.staffOnline);
    expect((await api('GET', '/api/chat/availability')).body).toMatchObject({ staffOnline: true, answerNote: null });
    await staffSocket.close();
    await visitor.next('presence', (event) => !event.staffOnline);
  });

  it('mails staff about a new chat when nobody from staff is connected', async () => {
    await noStaffOnline();
    const name = `Mailed ${randomUUID().slice(0, 8)}`;
    await startChat(name);
    const mails = await eventually(
      async () =>
        (await outbox(baseUrl)).filter((mail) => mail.to.includes(env.STAFF_EMAIL!) && mail.subject.includes(name)),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Live chat: ${name} started a chat`);
    expect(mails[0]!.text).toContain('Phone: 214-555-0142');
  });

  it('mails at most once per chat per 10 minutes, and not while staff are connected', async () => {
    // The consumer runs here against the stack's table and outbox, with deliveries at chosen times.
    Object.assign(process.env, env);
    resetConfigCache();
    const { chatMessagePosted } = await import('../../functions/chat/notify-staff');
    const context = (): Context => ({
      ...lambdaContext('NotifyStaffOfChatMessage', 30_000),
      done: () => {},
      fail: () => {},
      succeed: () => {},
    });
    const sessionId = randomUUID();
    const name = `Windowed ${randomUUID().slice(0, 8)}`;
    const at = (minutes: number) => new Date(Date.parse('2030-03-04T15:00:00Z') + minutes * 60_000).toISOString();
    const delivery = (minutes: number, seq: number): EventBridgeEvent<string, unknown> => ({
      version: '0',
      id: randomUUID(),
      'detail-type': ChatMessagePosted.name,
      source: EVENT_SOURCE,
      account: '000000000000',
      time: at(minutes),
      region: env.AWS_REGION!,
      resources: [],
      detail: {
        sessionId,
        messageId: randomUUID(),
        seq,
        customerName: name,
        customerPhone: null,
        text: `message ${seq}`,
        postedAt: at(minutes),
        version: 1,
      },
    });
    const mailed = async () =>
      (await outbox(baseUrl))
        .filter((mail) => mail.to.includes(env.STAFF_EMAIL!) && mail.subject.includes(name))
        .map((mail) => mail.text);

    await noStaffOnline();
    await chatMessagePosted(delivery(0, 2), context());
    await chatMessagePosted(delivery(5, 3), context());
    await chatMessagePosted(delivery(9, 4), context());
    expect(await mailed()).toEqual([expect.stringContaining('message 2')]);
    await chatMessagePosted(delivery(11, 5), context());
    expect(await mailed()).toEqual([expect.stringContaining('message 5'), expect.stringContaining('message 2')]);

    await connectStaff();
    await chatMessagePosted(delivery(30, 6), context());
    expect(await mailed()).toHaveLength(2);
  });
});
