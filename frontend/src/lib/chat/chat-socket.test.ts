import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PING_INTERVAL_MS } from '#domain/chat/chat';
import type { ServerEvent } from '#domain/chat/socket';
import { ChatSocket, socketUrl, type WebSocketLike } from './chat-socket';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  sent: unknown[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

let sockets: FakeSocket[];
let urls: number;

function chatSocket() {
  urls = 0;
  return new ChatSocket({
    url: async () => `wss://chat.example/live?n=${++urls}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
  });
}

/** Lets the awaited url() resolve so the socket is created. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ChatSocket', () => {
  it('opens, pings at once to learn who is online, then before every idle limit', async () => {
    const socket = chatSocket();
    socket.start();
    await settle();
    expect(socket.status).toEqual({ state: 'connecting', generation: 0 });
    sockets[0]!.open();
    expect(socket.status).toEqual({ state: 'open', generation: 1 });
    expect(sockets[0]!.sent).toEqual([{ action: 'ping' }]);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toEqual([{ action: 'ping' }, { action: 'ping' }]);
    expect(PING_INTERVAL_MS).toBeLessThan(10 * 60 * 1000);
  });

  it('reconnects after a drop with the backoff of the contract, asking for the URL again, and counts the new opening', async () => {
    const socket = chatSocket();
    socket.start();
    await settle();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(socket.status.state).toBe('closed');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toBe('wss://chat.example/live?n=2');
    sockets[1]!.open();
    expect(socket.status).toEqual({ state: 'open', generation: 2 });
  });

  it('waits longer after each refused connect (1 s, 2 s, 4 s…) and starts again from 1 s once one opens', async () => {
    const socket = chatSocket();
    socket.start();
    await settle();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(4000);
    expect(sockets).toHaveLength(4);
    sockets[3]!.open();
    sockets[3]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(5);
  });

  it('stops pinging a dropped socket', async () => {
    const socket = chatSocket();
    socket.start();
    await settle();
    sockets[0]!.open();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS * 2);
    expect(sockets[0]!.sent).toEqual([{ action: 'ping' }]);
  });

  it("passes on the contract's pushes and ignores anything else", async () => {
    const socket = chatSocket();
    const events: ServerEvent[] = [];
    socket.onEvent((event) => events.push(event));
    socket.start();
    await settle();
    sockets[0]!.open();
    sockets[0]!.push({ type: 'pong', staffOnline: true });
    sockets[0]!.push('not json');
    sockets[0]!.push({ type: 'somethingElse' });
    sockets[0]!.push({ message: 'no type' });
    sockets[0]!.push(['pong']);
    sockets[0]!.push({ type: 'presence', staffOnline: false });
    expect(events).toEqual([
      { type: 'pong', staffOnline: true },
      { type: 'presence', staffOnline: false },
    ]);
  });

  it('sends only while open, so the caller can fall back to HTTP', async () => {
    const socket = chatSocket();
    socket.start();
    expect(socket.send({ action: 'typing', isTyping: true })).toBe(false);
    await settle();
    expect(socket.send({ action: 'typing', isTyping: true })).toBe(false);
    sockets[0]!.open();
    expect(socket.send({ action: 'typing', isTyping: true })).toBe(true);
    sockets[0]!.drop();
    expect(socket.send({ action: 'typing', isTyping: false })).toBe(false);
  });

  it('stays closed once stopped', async () => {
    const socket = chatSocket();
    socket.start();
    await settle();
    sockets[0]!.open();
    socket.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(socket.status.state).toBe('closed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('opens one socket when stopped and started again while the first start still waits for its URL (React strict mode)', async () => {
    const socket = chatSocket();
    socket.start();
    socket.stop();
    socket.start();
    await settle();
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('retries when the URL cannot be made (no access token yet)', async () => {
    let calls = 0;
    const socket = new ChatSocket({
      url: async () => {
        calls += 1;
        if (calls === 1) throw new Error('signed out');
        return 'wss://chat.example/live';
      },
      createSocket: (url) => {
        const fake = new FakeSocket(url);
        sockets.push(fake);
        return fake;
      },
      random: () => 0,
    });
    socket.start();
    await settle();
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(1);
  });
});

describe('socketUrl', () => {
  it('puts the credential in the query string, leaving out what is not given', () => {
    expect(socketUrl('ws://localhost:3000/ws', { chatSession: 'abc', secret: 'a+b/c=' })).toBe(
      'ws://localhost:3000/ws?chatSession=abc&secret=a%2Bb%2Fc%3D',
    );
    expect(socketUrl('wss://x.example/live', { token: 't.k.n' })).toBe('wss://x.example/live?token=t.k.n');
  });
});
