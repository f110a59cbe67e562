import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { STRIPE_API_VERSION } from '../../../functions/lib/stripe';
import { CheckoutSessions } from './checkout-sessions';
import { Coupons } from './coupons';
import { Customers } from './customers';
import { Invoices } from './invoices';
import {
  stripeId,
  type DeliveryAttempt,
  type EventRecord,
  type IdempotentResult,
  type StripeObject,
  type WebhookEventType,
} from './objects';
import { Payments } from './payments';
import { copy, copyOf, type StandInContext, type StandInState } from './state';

/** Stripe keeps idempotency keys 24 hours and events 30 days. */
const IDEMPOTENCY_KEY_SECONDS = 24 * 60 * 60;
const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** The prefix of the keys the stand-in generates: such a key in the environment never means real Stripe. */
export const LOCAL_KEY_PREFIX = 'sk_test_local_';

/**
 * The stand-in's state, in memory and written to one JSON file after each change (so a restarted
 * `npm start` still knows open sessions and undelivered events), its events (they go to `onEvent`
 * unless held) and its idempotent answers. Its objects and their transitions, by kind: customers,
 * coupons, sessions, payments, invoices.
 */
export class StripeStore {
  onEvent: (record: EventRecord) => void = () => undefined;
  /** Checkout Sessions whose parameters hold this text are refused as by an error at Stripe (control surface); not kept in the state file. */
  refusingCheckoutSessions: string | null = null;
  readonly customers: Customers;
  readonly coupons: Coupons;
  readonly sessions: CheckoutSessions;
  readonly payments: Payments;
  readonly invoices: Invoices;
  private writing: Promise<void> = Promise.resolve();
  private writeQueued = false;

  private constructor(
    private readonly file: string,
    private readonly state: StandInState,
    private readonly clock: () => Date,
  ) {
    const context: StandInContext = {
      state,
      now: () => this.now(),
      persist: () => this.persist(),
      emit: (type, object, previousAttributes, deliver) => this.emit(type, object, previousAttributes, deliver),
    };
    this.customers = new Customers(context);
    this.coupons = new Coupons(context);
    this.sessions = new CheckoutSessions(context, this.customers, this.coupons);
    this.payments = new Payments(context, this.sessions, this.coupons);
    this.invoices = new Invoices(context, this.customers);
  }

  static async open(file: string, clock: () => Date): Promise<StripeStore> {
    let state: StandInState;
    try {
      state = JSON.parse(await readFile(file, 'utf8')) as StandInState;
    } catch {
      state = {
        secretKey: stripeId(LOCAL_KEY_PREFIX, 32),
        webhookSecret: stripeId('whsec_', 32),
        sessions: {},
        paymentIntents: {},
        charges: {},
        refunds: {},
        coupons: {},
        customers: {},
        invoiceItems: {},
        invoices: {},
        paymentMethods: {},
        setupIntents: {},
        events: [],
        idempotency: {},
      };
    }
    const store = new StripeStore(file, state, clock);
    const now = store.now();
    state.events = state.events.filter((record) => record.event.created > now - EVENT_RETENTION_SECONDS);
    for (const [key, saved] of Object.entries(state.idempotency)) {
      if (saved.savedAt <= now - IDEMPOTENCY_KEY_SECONDS) delete state.idempotency[key];
    }
    await mkdir(dirname(file), { recursive: true });
    store.persist();
    await store.flush();
    return store;
  }

  get secretKey(): string {
    return this.state.secretKey;
  }

  get webhookSecret(): string {
    return this.state.webhookSecret;
  }

  /** Unix seconds, Stripe's timestamps. */
  now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  events(): EventRecord[] {
    return copy(this.state.events);
  }

  event(id: string): EventRecord | undefined {
    return copyOf(this.state.events.find((record) => record.event.id === id));
  }

  recordAttempt(eventId: string, attempt: DeliveryAttempt): void {
    const record = this.state.events.find((candidate) => candidate.event.id === eventId);
    if (!record) return;
    record.deliveries.push(attempt);
    if (attempt.response && attempt.response.status >= 200 && attempt.response.status < 300)
      record.delivery = 'delivered';
    this.persist();
  }

  /** The automatic attempts ran out without a 2xx. */
  markUndeliverable(eventId: string): void {
    const record = this.state.events.find((candidate) => candidate.event.id === eventId);
    if (record?.delivery !== 'pending') return;
    record.delivery = 'failed';
    this.persist();
  }

  idempotentResult(key: string): IdempotentResult | undefined {
    const saved = this.state.idempotency[key];
    return saved && saved.savedAt > this.now() - IDEMPOTENCY_KEY_SECONDS ? saved : undefined;
  }

  saveIdempotentResult(key: string, result: Omit<IdempotentResult, 'savedAt'>): void {
    this.state.idempotency[key] = { ...result, savedAt: this.now() };
    this.persist();
  }

  /** Waits until every change so far is on disk. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private emit(
    type: WebhookEventType,
    object: StripeObject,
    previousAttributes: Record<string, unknown> | undefined,
    deliver = true,
  ): EventRecord {
    const record: EventRecord = {
      event: {
        id: stripeId('evt_'),
        object: 'event',
        api_version: STRIPE_API_VERSION,
        created: this.now(),
        data: { object: copy(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      delivery: deliver ? 'pending' : 'held',
      deliveries: [],
    };
    this.state.events.push(record);
    this.persist();
    if (deliver) this.onEvent(copy(record));
    return copy(record);
  }

  /** Writes the whole state after the current write; changes made meanwhile share the next write. */
  private persist(): void {
    if (this.writeQueued) return;
    this.writeQueued = true;
    this.writing = this.writing
      .then(async () => {
        this.writeQueued = false;
        const temporary = `${this.file}.tmp`;
        await writeFile(temporary, JSON.stringify(this.state));
        await rename(temporary, this.file);
      })
      .catch((error: unknown) => console.error('[local stripe] could not save its state:', error));
  }
}
