/**
 * Live chat over real WebSockets against the local gateway and the local stack's handlers: starting
 * a chat, who may connect, fan-out to a chat's customer and every staff connection, and the per-chat
 * sequence across drops and concurrency.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ActiveChatsResponse } from '#domain/chat/api';
import { CHAT_MESSAGES } from '#domain/chat/chat';
import { hasGap, lastContiguousSeq, mergeMessages } from '#domain/chat/thread';
import { chatCustomerConnectionIndexKeys, connectionKeys } from '../../functions/lib/table/keys/realtime';
import { signUpConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { localTable } from './local-table';
import {
  api,
  baseUrl,
  connect,
  connectStaff,
  connectVisitor,
  connectWith,
  customerToken,
  env,
  staff,
  staffIdToken,
  staffThread,
  startChat,
  visitorOf,
  visitorThread,
} from '../support/chat-session';

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
