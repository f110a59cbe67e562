/**
 * Live chat through the local WebSocket gateway and the handlers (issue 11):
 * - latency: from a customer's sendMessage to a staff connection receiving the message (stored with
 *   its seq, then pushed), one message at a time, p50/p99;
 * - load: 200 connections held at once (10 staff, 190 customers of 190 chats) while customers send
 *   messages at a steady rate, each pushed to its customer and all 10 staff connections; the
 *   latency to the first staff receipt under that load, and whether every push arrived and every
 *   connection stayed open.
 * Chats are made through the store (the start route's throttle would pace 190 starts over a
 * minute and a half); everything after that goes through the sockets as browsers use them.
 */
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { ServerEvent } from '#domain/chat/socket';
import { createSession } from '../functions/chat/chat-store';
import { newChatSecret } from '../functions/chat/secret';
import { allCustomerConnectionIds, staffConnectionIds } from '../functions/realtime/connection-store';
import type { LocalStack } from '../infra/local/stack';
import { accessTokenFor } from '../tests/support/user-pool';
import { formatLatency, latencyOf, type Latency } from './latency';

const LATENCY_CHATS = 20;
const LATENCY_WARM_UP = 20;
const LATENCY_MESSAGES = 200;
const LOAD_STAFF = 10;
const LOAD_CUSTOMERS = 190;
/** Messages a second across all chats during the load phase, and for how long. */
const LOAD_RATE_PER_SECOND = 10;
const LOAD_SECONDS = 30;
/** Connections opened at once while setting up. */
const CONNECT_BATCH = 20;

interface Chat {
  sessionId: string;
  secret: string;
}

/** A connection that hands each pushed message (by clientMessageId) to whoever waits for it. */
class BenchSocket {
  readonly received = new Map<string, number>();
  private readonly waiting = new Map<string, () => void>();
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      if (event.type !== 'message' || !event.message.clientMessageId) return;
      this.received.set(event.message.clientMessageId, performance.now());
      this.waiting.get(event.message.clientMessageId)?.();
    });
  }

  receipt(clientMessageId: string): Promise<void> {
    if (this.received.has(clientMessageId)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(clientMessageId, resolve));
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }
}

function connect(url: string, query: Record<string, string>): Promise<BenchSocket> {
  const socket = new WebSocket(`${url}?${new URLSearchParams(query)}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(new BenchSocket(socket)));
    socket.once('error', reject);
  });
}

async function inBatches<T, R>(items: readonly T[], open: (item: T) => Promise<R>): Promise<R[]> {
  const opened: R[] = [];
  for (let start = 0; start < items.length; start += CONNECT_BATCH)
    opened.push(...(await Promise.all(items.slice(start, start + CONNECT_BATCH).map(open))));
  return opened;
}

/** Closes the sockets and waits until $disconnect has forgotten every connection, so nothing is left running. */
async function closeAll(sockets: readonly BenchSocket[]): Promise<void> {
  await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.socket.once('close', resolve).close())));
  for (;;) {
    const [staff, customers] = await Promise.all([
      staffConnectionIds(new Date()),
      allCustomerConnectionIds(new Date()),
    ]);
    if (staff.length + customers.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function newChats(count: number): Promise<Chat[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { secret, secretHash } = newChatSecret();
      const { session } = await createSession(
        { customerName: `Bench ${i}`, customerPhone: null, clientId: null, secretHash },
        new Date(),
      );
      return { sessionId: session.sessionId, secret };
    }),
  );
}

const send = (socket: BenchSocket, text: string) => {
  const clientMessageId = randomUUID();
  socket.socket.send(JSON.stringify({ action: 'sendMessage', text, clientMessageId }));
  return clientMessageId;
};

export async function benchmarkChat(stack: LocalStack): Promise<string[]> {
  const url = `${stack.url.replace(/^http/, 'ws')}/ws`;
  const token = await accessTokenFor(stack.url, stack.staffAccount);

  // Latency: one staff connection, customers of 20 chats taking turns (each well within the flood limits).
  const staff = await connect(url, { token });
  const latencyChats = await newChats(LATENCY_CHATS);
  const customers = await inBatches(latencyChats, (chat) =>
    connect(url, { chatSession: chat.sessionId, secret: chat.secret }),
  );
  const times: number[] = [];
  for (let i = 0; i < LATENCY_WARM_UP + LATENCY_MESSAGES; i++) {
    const started = performance.now();
    await staff.receipt(send(customers[i % customers.length]!, `latency ${i}`));
    if (i >= LATENCY_WARM_UP) times.push(performance.now() - started);
  }
  const quiet: Latency = latencyOf(times);
  await closeAll([staff, ...customers]);

  // Load: 200 connections held, messages flowing at a steady rate.
  const staffSockets = await inBatches(Array.from({ length: LOAD_STAFF }), () => connect(url, { token }));
  const loadChats = await newChats(LOAD_CUSTOMERS);
  const customerSockets = await inBatches(loadChats, (chat) =>
    connect(url, { chatSession: chat.sessionId, secret: chat.secret }),
  );
  const sent: Array<{ id: string; at: number; customer: BenchSocket }> = [];
  const began = performance.now();
  const total = LOAD_RATE_PER_SECOND * LOAD_SECONDS;
  for (let i = 0; i < total; i++) {
    const due = began + (i * 1000) / LOAD_RATE_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const customer = customerSockets[i % customerSockets.length]!;
    sent.push({ id: send(customer, `load ${i}`), at: performance.now(), customer });
  }
  const everyReceipt = Promise.all(
    sent.flatMap(({ id, customer }) => [customer, ...staffSockets].map((socket) => socket.receipt(id))),
  );
  const settled = await Promise.race([
    everyReceipt.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 30_000)),
  ]);
  const firstStaffReceipt = sent.map(
    ({ id, at }) => Math.min(...staffSockets.map((socket) => socket.received.get(id) ?? Number.POSITIVE_INFINITY)) - at,
  );
  const pushes = sent.reduce(
    (sum, { id, customer }) => sum + [customer, ...staffSockets].filter((socket) => socket.received.has(id)).length,
    0,
  );
  const stillOpen = [...staffSockets, ...customerSockets].filter((socket) => socket.open).length;
  const underLoad = latencyOf(firstStaffReceipt.filter(Number.isFinite));
  await closeAll([...staffSockets, ...customerSockets]);

  return [
    formatLatency('message, send to staff receipt, back to back', quiet),
    formatLatency(`the same with ${LOAD_STAFF + LOAD_CUSTOMERS} connections, ${LOAD_RATE_PER_SECOND} msg/s`, underLoad),
    `${'connections held'.padEnd(44)}${stillOpen} of ${LOAD_STAFF + LOAD_CUSTOMERS} open after ${LOAD_SECONDS} s of messages`,
    `${'pushes delivered'.padEnd(44)}${pushes} of ${sent.length * (LOAD_STAFF + 1)} (each message to its customer and ${LOAD_STAFF} staff)${settled ? '' : ', some still missing after 30 s'}`,
  ];
}
