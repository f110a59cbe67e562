import Stripe from 'stripe';
import type { DeliveryAttempt, EventRecord } from './objects';
import type { StripeStore } from './store';

export interface WebhookDeliveryOptions {
  /** The shop's webhook endpoint. */
  url: string;
  /** Waits before the automatic retries after a non-2xx answer or a failed request. */
  retryDelaysMs: number[];
  timeoutMs: number;
}

/** What Stripe's webhook requests carry besides the signature. */
const STRIPE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  accept: '*/*; q=0.5, application/xml',
  'cache-control': 'no-cache',
};

/**
 * Sends events to the shop's webhook as Stripe does: signed with the endpoint's secret by the SDK's
 * own helper (each attempt signed afresh), asynchronously, retried with back-off while it answers
 * non-2xx, a bounded number of times. Every attempt is recorded on the event.
 */
export class WebhookDelivery {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: StripeStore,
    private readonly options: WebhookDeliveryOptions,
  ) {}

  /** Starts the automatic attempts of a new event, or resumes those of an event left pending by a stop. */
  deliver(record: EventRecord): void {
    const attemptsSoFar = record.deliveries.filter((attempt) => attempt.trigger !== 'redelivery').length;
    this.attemptAutomatically(record, attemptsSoFar);
  }

  /** Sends an event `times` times at once, each once (a test replaying it); answers the attempts. */
  redeliver(record: EventRecord, times: number): Promise<DeliveryAttempt[]> {
    return Promise.all(Array.from({ length: times }, () => this.track(this.attempt(record, 'redelivery'))));
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private attemptAutomatically(record: EventRecord, attemptIndex: number): void {
    if (attemptIndex > this.options.retryDelaysMs.length) {
      this.store.markUndeliverable(record.event.id);
      return;
    }
    void this.track(
      this.attempt(record, attemptIndex === 0 ? 'automatic' : 'retry').then((attempt) => {
        if (succeeded(attempt) || this.stopping.signal.aborted) return;
        if (this.store.event(record.event.id)?.delivery === 'delivered') return;
        const delay = this.options.retryDelaysMs[attemptIndex];
        if (delay === undefined) {
          this.store.markUndeliverable(record.event.id);
          return;
        }
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.attemptAutomatically(record, attemptIndex + 1);
        }, delay);
        this.timers.add(timer);
      }),
    );
  }

  private async attempt(record: EventRecord, trigger: DeliveryAttempt['trigger']): Promise<DeliveryAttempt> {
    // Pretty-printed, as Stripe sends it: the signature covers these exact bytes.
    const body = JSON.stringify(record.event, null, 2);
    const headers = {
      ...STRIPE_HEADERS,
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: this.store.webhookSecret }),
    };
    const startedAt = new Date();
    let response: DeliveryAttempt['response'] = null;
    let error: string | null = null;
    try {
      const answer = await fetch(this.options.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      response = { status: answer.status, body: (await answer.text()).slice(0, 2_000) };
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const attempt: DeliveryAttempt = {
      at: startedAt.toISOString(),
      trigger,
      request: { url: this.options.url, headers, body },
      response,
      error,
      durationMs: Date.now() - startedAt.getTime(),
    };
    this.store.recordAttempt(record.event.id, attempt);
    return attempt;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }
}

function succeeded(attempt: DeliveryAttempt): boolean {
  return attempt.response !== null && attempt.response.status >= 200 && attempt.response.status < 300;
}
