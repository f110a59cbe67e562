/**
 * The chat's WebSocket, for the customer widget and the staff screens alike: connects with the
 * contract's query string, pings before API Gateway's 10-minute idle limit, reconnects with backoff
 * after any drop (or a refused connect), and tells its listeners each time it opens again so their
 * threads catch up over HTTP.
 */
import { PING_INTERVAL_MS, reconnectDelayMs } from '#domain/chat/chat';
import type { ClientAction, ServerEvent } from '#domain/chat/socket';

export type SocketState = 'connecting' | 'open' | 'closed';

/** What ChatSocket uses of the browser's WebSocket (tests give it a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

const SERVER_EVENT_TYPES: ReadonlySet<string> = new Set<ServerEvent['type']>([
  'message',
  'typing',
  'sessionUpdated',
  'sessionClosed',
  'presence',
  'pong',
  'error',
]);

/**
 * A push of the contract's kinds, told apart by `type`. Not parsed with serverEventSchema: building
 * domain/chat/socket.ts's schemas needs zod's record type, and zod's code is one chunk that every
 * page loads first, so that would put 4.5 KB into every page's first load for the chat's sake.
 */
function serverEvent(data: string): ServerEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === 'string' && SERVER_EVENT_TYPES.has(type) ? (value as ServerEvent) : null;
}

export interface ChatSocketOptions {
  /** The URL to connect to now: asked again at each attempt (an access token may have been refreshed). */
  url: () => Promise<string>;
  createSocket?: (url: string) => WebSocketLike;
  random?: () => number;
}

export interface SocketStatus {
  state: SocketState;
  /** Counts the openings: a thread catches up whenever it changes. */
  generation: number;
}

export class ChatSocket {
  private socket: WebSocketLike | undefined;
  private failedAttempts = 0;
  private running = false;
  /** Each start and each reconnect is one attempt; an older one still waiting for its URL gives up. */
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly eventListeners = new Set<(event: ServerEvent) => void>();
  private readonly statusListeners = new Set<() => void>();
  private currentStatus: SocketStatus = { state: 'closed', generation: 0 };

  constructor(private readonly options: ChatSocketOptions) {}

  get status(): SocketStatus {
    return this.currentStatus;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.attempt += 1;
    clearTimeout(this.reconnectTimer);
    this.stopPinging();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000);
    }
    this.setState('closed');
  }

  /** Sends an action if the socket is open now; false tells the caller to use HTTP instead. */
  send(action: ClientAction): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.currentStatus.state !== 'open') return false;
    try {
      socket.send(JSON.stringify(action));
      return true;
    } catch {
      return false;
    }
  }

  onEvent(listener: (event: ServerEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setState(state: SocketState, opened = false): void {
    const { generation } = this.currentStatus;
    if (state === this.currentStatus.state && !opened) return;
    this.currentStatus = { state, generation: opened ? generation + 1 : generation };
    for (const listener of this.statusListeners) listener();
  }

  private async connect(): Promise<void> {
    const attempt = ++this.attempt;
    this.setState('connecting');
    let socket: WebSocketLike;
    try {
      const url = await this.options.url();
      if (!this.running || attempt !== this.attempt) return;
      socket = (this.options.createSocket ?? ((address) => new WebSocket(address) as unknown as WebSocketLike))(url);
    } catch {
      if (attempt === this.attempt) this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failedAttempts = 0;
      this.setState('open', true);
      // The pong says whether staff are online; then every ping keeps the connection from idling out.
      this.send({ action: 'ping' });
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), PING_INTERVAL_MS);
    };
    socket.onmessage = ({ data }) => {
      const event = typeof data === 'string' ? serverEvent(data) : null;
      if (!event) return;
      for (const listener of this.eventListeners) listener(event);
    };
    // A refused connect closes without opening; a dropped one closes after it: both try again.
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.stopPinging();
      this.scheduleReconnect();
    };
    socket.onerror = () => undefined;
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    this.setState('closed');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(
      () => void this.connect(),
      reconnectDelayMs(this.failedAttempts, this.options.random),
    );
    this.failedAttempts += 1;
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }
}

/** `base` with the connect query (`chatConnectQuerySchema`): chatSession and secret, chatSession and token, or token alone. */
export function socketUrl(base: string, query: { chatSession?: string; secret?: string; token?: string }): string {
  const url = new URL(base, globalThis.location?.href);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  return url.toString();
}
