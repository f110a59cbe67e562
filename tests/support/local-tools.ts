import { inject } from 'vitest';
import { OUTBOX_SWEEP_AFTER_MS } from '../../functions/lib/event-outbox';
import { LOCAL_TOOLS_KEY_HEADER } from '../../infra/local/local-tools-key';

/**
 * fetch of a developer/test tool of the local stack at `baseUrl`: `tool` is the path under
 * `/_local` (`/outbox.json`, `/event-bus`, `/schedules/<id>/run`, `/stripe/sessions/<id>/pay`…).
 * The tools answer 404 without the stack's local tools key (docs/decisions/0013); this is the one
 * place tests add it, so call every tool through here (or through a helper built on it: outbox.ts,
 * checkout.ts) and never fetch `/_local/…` yourself. The Stripe stand-in's hosted payment page is
 * public and needs no key.
 *
 * The key is the one the test run's global setup provides (`inject('localToolsKey')`); end-to-end
 * tests run against another shop (`E2E_BASE_URL`) send `E2E_LOCAL_TOOLS_KEY`, the key that shop's
 * `npm start` printed in its outbox URL.
 */
export function localTools(baseUrl: string, tool: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(LOCAL_TOOLS_KEY_HEADER, localToolsKey(baseUrl));
  return fetch(`${baseUrl}/_local${tool}`, { ...init, headers });
}

function localToolsKey(baseUrl: string): string {
  if (process.env.E2E_BASE_URL && baseUrl === process.env.E2E_BASE_URL) {
    const key = process.env.E2E_LOCAL_TOOLS_KEY;
    if (!key)
      throw new Error(
        `E2E_LOCAL_TOOLS_KEY must be set to the local tools key of ${baseUrl} (printed by its npm start in the outbox URL)`,
      );
    return key;
  }
  return inject('localToolsKey');
}

/**
 * Makes the local bus refuse every PutEvents entry whose detail holds `matching`, as EventBridge
 * refuses an entry (InternalFailure), until called with null: a producer's publish after its commit
 * then fails. Pick a text only the test's own events hold (an e-mail, an order id).
 */
export async function refusePublishing(baseUrl: string, matching: string | null): Promise<void> {
  const answer = await localTools(baseUrl, '/event-bus/refuse-publishing', {
    method: 'PUT',
    body: JSON.stringify({ matching }),
  });
  if (!answer.ok) throw new Error(`refuse-publishing answered ${answer.status}: ${await answer.text()}`);
}

/**
 * Makes the Stripe stand-in refuse every Checkout Session whose parameters hold `matching`, as
 * Stripe answers a failure on its side (500 `api_error`), until called with null: the shop then
 * cannot open a payment page. Pick a text only the test's own sessions hold (the shopper's e-mail,
 * an order id).
 */
export async function refuseCheckoutSessions(baseUrl: string, matching: string | null): Promise<void> {
  const answer = await localTools(baseUrl, '/stripe/refuse-checkout-sessions', {
    method: 'PUT',
    body: JSON.stringify({ matching }),
  });
  if (!answer.ok) throw new Error(`refuse-checkout-sessions answered ${answer.status}: ${await answer.text()}`);
}

/** Runs the event outbox's sweep (PublishEventOutbox) as its schedule does, on a clock past the wait it gives producers. */
export async function sweepOutbox(baseUrl: string): Promise<void> {
  const time = new Date(Date.now() + OUTBOX_SWEEP_AFTER_MS + 1_000).toISOString();
  const answer = await localTools(baseUrl, '/schedules/PublishEventOutbox/run', {
    method: 'POST',
    body: JSON.stringify({ time }),
  });
  if (!answer.ok) throw new Error(`the outbox sweep answered ${answer.status}: ${await answer.text()}`);
}

/** The metrics the local stack's handlers counted since it started, by name: what CloudWatch would receive. */
export async function localMetrics(baseUrl: string): Promise<Record<string, number>> {
  return ((await (await localTools(baseUrl, '/metrics')).json()) as { metrics: Record<string, number> }).metrics;
}
