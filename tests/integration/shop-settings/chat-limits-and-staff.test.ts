/**
 * Live chat's limits and staff side against the local stack: what a visitor may not do (other chats,
 * bad messages, flooding), the staff routes and side panel, closing a chat, and staff presence and
 * the staff mail when nobody is online.
 */
import { randomUUID } from 'node:crypto';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { ActiveChatsResponse, ChatAvailability } from '#domain/chat/api';
import { CHAT_FLOOD_LIMITS, CHAT_MESSAGES, MESSAGE_MAX_CHARS } from '#domain/chat/chat';
import { ChatMessagePosted, EVENT_SOURCE } from '#events/catalog';
import { resetConfigCache } from '../../../functions/lib/config';
import { lambdaContext } from '../../../infra/local/handlers';
import { addToCart, blind, myOrder, pay, api as shopApi, shopperWithPlacedOrder } from '../../support/checkout';
import { eventually } from '../../support/eventually';
import { holidayToday, OPEN_ALL_WEEK, withOpeningHours } from '../../support/opening-hours';
import { localMetrics } from '../../support/local-tools';
import { outbox } from '../../support/outbox';
import {
  api,
  baseUrl,
  connectStaff,
  connectVisitor,
  connectWith,
  customerToken,
  env,
  noStaffOnline,
  staff,
  staffThread,
  staffToken,
  startChat,
  visitorOf,
  visitorThread,
} from '../../support/chat-session';

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
    const { ChatRefusal, postMessage } = await import('../../../functions/chat/conversation');
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
  // Within opening hours that take in the whole week: opening-hours.test.ts holds the indicator to the hours.
  it('shows whether staff are online: availability, pong and presence pushes', async () => {
    await withOpeningHours(baseUrl, { accessToken: staffToken }, OPEN_ALL_WEEK, async () => {
      await noStaffOnline();
      const holiday = holidayToday();
      const offline = (await api('GET', '/api/chat/availability')).body as ChatAvailability;
      expect(offline.answerNote).toMatch(
        holiday
          ? /^Nobody is online right now\. Leave a message and we'll answer (?!as soon as we can)/
          : /^Nobody is online right now\. Leave a message and we'll answer as soon as we can\.$/,
      );
      expect(offline.officeHours).toEqual([{ label: 'Monday - Sunday', text: '12:00 AM - 11:59 PM' }]);

      const chat = await startChat();
      const visitor = await connectVisitor(chat);
      expect(visitor.of('pong')[0]?.staffOnline).toBe(false);
      const staffSocket = await connectStaff();
      if (holiday) {
        expect((await api('GET', '/api/chat/availability')).body).toMatchObject({ staffOnline: false });
        await staffSocket.close();
      } else {
        await visitor.next('presence', (event) => event.staffOnline);
        expect((await api('GET', '/api/chat/availability')).body).toMatchObject({
          staffOnline: true,
          answerNote: null,
        });
        await staffSocket.close();
        await visitor.next('presence', (event) => !event.staffOnline);
      }
    });
  });

  it('mails staff about a new chat when nobody from staff is connected, and counts it', async () => {
    await noStaffOnline();
    const counted = async () => (await localMetrics(baseUrl)).ChatsWithNobodyOnline ?? 0;
    const before = await counted();
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
    // This file runs alone on its stack (tests/run-all.ts), so no other chat is counted meanwhile.
    expect(await counted()).toBe(before + 1);
  });

  it('mails at most once per chat per 10 minutes, and not while staff are connected', async () => {
    // The consumer runs here against the stack's table and outbox, with deliveries at chosen times.
    Object.assign(process.env, env);
    resetConfigCache();
    const { chatMessagePosted } = await import('../../../functions/chat/notify-staff');
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
