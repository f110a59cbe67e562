import { randomUUID } from 'node:crypto';
import type { EventConsumer, EventDeclaration, MultiEventConsumer } from '#events/catalog';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './local-aws';

/** The event a consumer Lambda receives from an EventBridge rule. */
export interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface PutEntry {
  source: string;
  detailType: string;
  detail: unknown;
  resources?: string[];
  time?: Date;
}

export interface DeadLetter {
  consumerId: string;
  event: BusEvent;
  error: string;
  attempts: number;
  failedAt: string;
}

/**
 * `normal`: each matching consumer gets each event once, asynchronously.
 * `twice-out-of-order`: tests tell the bus to deliver every event twice, with the copies shuffled
 * among other pending deliveries, which EventBridge's at-least-once delivery allows.
 */
export type DeliveryMode = 'normal' | 'twice-out-of-order';

export type InvokeConsumer = (consumer: EventConsumer, event: BusEvent) => Promise<unknown>;

export interface LocalEventBusOptions {
  catalog: EventDeclaration[];
  /** Only events from this source match the catalogue's rules (EVENT_SOURCE in production). */
  source: string;
  invoke: InvokeConsumer;
  /** Consumers of several events, each through one rule (multiEventConsumers of events/catalog.ts). */
  multiEventConsumers?: MultiEventConsumer[];
  /** Waits before each retry; its length + 1 is the number of attempts (Lambda async: 3). */
  retryDelaysMs?: number[];
  /** Called with each delivery that failed every attempt, as the dead-letter queue's consumer is on AWS. */
  onDeadLetter?: (deadLetter: DeadLetter) => Promise<void>;
}

/**
 * The in-process stand-in for EventBridge and Lambda's asynchronous invocation: one rule per
 * catalogue consumer, delivery after put returns, retries with backoff, then the dead-letter list.
 */
/** How many of the latest events the bus keeps for tests to read (GET /_local/event-bus). */
const RECENT_EVENTS_KEPT = 500;

export class LocalEventBus {
  readonly deadLetters: DeadLetter[] = [];
  /** The latest events put on the bus, oldest first: what tests read to see that an event was published. */
  readonly recentEvents: BusEvent[] = [];
  private mode: DeliveryMode = 'normal';
  /**
   * Consumers tests made fail (PUT /_local/event-bus/failing-consumers): each attempt throws, so their
   * deliveries dead-letter. With `matching`, only for events whose detail holds that text, so a test
   * fails its own events and not those of tests running beside it.
   */
  private readonly failing = new Set<string>();
  private failingMatch: string | undefined;
  /**
   * Tests make the bus refuse entries (PUT /_local/event-bus/refuse-publishing), as EventBridge does
   * with an entry's InternalFailure, so a producer's publish after its commit fails: only those whose
   * detail holds this text, so a test refuses its own events and not those of tests beside it.
   */
  private refusedMatch: string | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly retryDelaysMs: number[];

  constructor(private readonly options: LocalEventBusOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? [1_000, 4_000];
  }

  setDeliveryMode(mode: DeliveryMode): void {
    this.mode = mode;
  }

  get deliveryMode(): DeliveryMode {
    return this.mode;
  }

  setFailingConsumers(consumerIds: string[], matching?: string): void {
    this.failing.clear();
    for (const id of consumerIds) this.failing.add(id);
    this.failingMatch = matching;
  }

  get failingConsumers(): { consumerIds: string[]; matching: string | null } {
    return { consumerIds: [...this.failing], matching: this.failingMatch ?? null };
  }

  refusePublishing(matching: string | null): void {
    this.refusedMatch = matching;
  }

  get refusingPublishing(): { matching: string | null } {
    return { matching: this.refusedMatch };
  }

  /** Whether an entry with this detail (as sent, JSON) is refused rather than put. */
  refuses(detailJson: string): boolean {
    return this.refusedMatch !== null && detailJson.includes(this.refusedMatch);
  }

  private madeToFail(consumer: EventConsumer, event: BusEvent): boolean {
    if (!this.failing.has(consumer.id)) return false;
    return this.failingMatch === undefined || JSON.stringify(event.detail).includes(this.failingMatch);
  }

  /**
   * Delivers `event` again to the consumer `consumerId` alone, as a retried dead letter's Lambda
   * invocation does on AWS: the same event id, the same retries, the dead-letter list if it fails
   * again. False for an unknown consumer.
   */
  redeliver(consumerId: string, event: BusEvent): boolean {
    const consumer = this.options.catalog
      .flatMap((declaration) => declaration.consumers)
      .find((candidate) => candidate.id === consumerId);
    if (!consumer) return false;
    this.track(this.deliver(consumer, event));
    return true;
  }

  /** Accepts the entries and returns their event ids; delivery happens afterwards. */
  put(entries: PutEntry[]): string[] {
    const deliveries: Array<{ consumer: EventConsumer; event: BusEvent }> = [];
    const ids = entries.map((entry) => {
      const event: BusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.detailType,
        source: entry.source,
        account: LOCAL_ACCOUNT_ID,
        time: (entry.time ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: LOCAL_REGION,
        resources: entry.resources ?? [],
        detail: entry.detail,
      };
      for (const consumer of this.consumersOf(event)) deliveries.push({ consumer, event });
      this.recentEvents.push(event);
      return event.id;
    });
    this.recentEvents.splice(0, Math.max(0, this.recentEvents.length - RECENT_EVENTS_KEPT));
    const scheduled = this.mode === 'twice-out-of-order' ? [...deliveries, ...deliveries] : deliveries;
    for (const { consumer, event } of scheduled) this.track(this.deliver(consumer, event));
    return ids;
  }

  /** Resolves once every delivery accepted so far has succeeded or reached the dead-letter list. */
  async drained(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private consumersOf(event: BusEvent): EventConsumer[] {
    if (event.source !== this.options.source) return [];
    return [
      ...this.options.catalog
        .filter((declaration) => declaration.name === event['detail-type'])
        .flatMap((declaration) => declaration.consumers),
      ...(this.options.multiEventConsumers ?? []).filter((consumer) => consumer.events.includes(event['detail-type'])),
    ];
  }

  private track(delivery: Promise<void>): void {
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  private async deliver(consumer: EventConsumer, event: BusEvent): Promise<void> {
    // Never inside put(): the producer's call returns before any consumer runs, as on AWS. A random
    // delay in the test mode lets later events overtake earlier ones.
    await sleep(this.mode === 'twice-out-of-order' ? Math.random() * 50 : 0);
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (attempt > 0) await sleep(this.retryDelaysMs[attempt - 1] ?? 0);
      try {
        if (this.madeToFail(consumer, event)) throw new Error(`${consumer.id} was made to fail by the local tools`);
        await this.options.invoke(consumer, event);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    const deadLetter: DeadLetter = {
      consumerId: consumer.id,
      event,
      error: lastError instanceof Error ? lastError.message : String(lastError),
      attempts: this.retryDelaysMs.length + 1,
      failedAt: new Date().toISOString(),
    };
    this.deadLetters.push(deadLetter);
    await this.options
      .onDeadLetter?.(deadLetter)
      .catch((error: unknown) => console.error('[local] recording a dead letter failed:', error));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
