import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readBody, sendJson } from '../http-util';
import { chargeCard } from './cards';
import type { WebhookDelivery } from './delivery';
import { StripeApiError } from './errors';
import type { StripeStore } from './store';

const deliver = z.boolean().default(true);

const payBody = z.strictObject({
  card: z.string().default('4242424242424242'),
  email: z.email().default('customer@example.com'),
  name: z.string().min(1).default('Test Customer'),
  amountTotal: z.number().int().min(0).optional(),
  delayedPayment: z.boolean().default(false),
  deliver,
});
const asyncPaymentBody = z.strictObject({ outcome: z.enum(['succeeded', 'failed']), deliver });
const expireBody = z.strictObject({ deliver });
const payInvoiceBody = z.strictObject({
  method: z.enum(['card', 'bank_transfer']).default('card'),
  card: z.string().default('4242424242424242'),
  deliver,
});
const deliverBody = z.strictObject({ times: z.number().int().min(1).max(50).default(1) });
const refuseBody = z.strictObject({ matching: z.string().min(1).nullable() });

/**
 * The tests' handle on the stand-in (README: "Control surface"): pay a session without a browser,
 * settle a delayed payment, expire a session now, read the events sent and their delivery attempts,
 * send an event again, many times at once, and refuse the Checkout Sessions whose parameters hold a
 * text.
 */
export function createControlSurface(store: StripeStore, delivery: WebhookDelivery) {
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    try {
      const sessionAction = /^\/sessions\/([^/]+)\/(pay|async-payment|expire)$/.exec(path);
      if (req.method === 'POST' && sessionAction) {
        const sessionId = sessionAction[1]!;
        const action = sessionAction[2]!;
        const body = await jsonBody(req);
        if (action === 'pay') return sendJson(res, 200, pay(store, sessionId, parse(payBody, body)));
        if (action === 'async-payment') {
          const { outcome, deliver: send } = parse(asyncPaymentBody, body);
          return sendJson(res, 200, store.payments.settleDelayedPayment(sessionId, outcome, send));
        }
        const { deliver: send } = parse(expireBody, body);
        store.sessions.expireOverdue();
        const session = store.sessions.session(sessionId);
        if (session && session.status !== 'open') throw notOpen(sessionId, session.status);
        return sendJson(res, 200, store.sessions.expireSession(sessionId, send));
      }
      if (req.method === 'PUT' && path === '/refuse-checkout-sessions') {
        store.refusingCheckoutSessions = parse(refuseBody, await jsonBody(req)).matching;
        return sendJson(res, 200, { refusingCheckoutSessions: store.refusingCheckoutSessions });
      }
      const invoicePayment = /^\/invoices\/([^/]+)\/pay$/.exec(path);
      if (req.method === 'POST' && invoicePayment) {
        return sendJson(res, 200, payInvoice(store, invoicePayment[1]!, parse(payInvoiceBody, await jsonBody(req))));
      }
      if (req.method === 'GET' && path === '/events') {
        const type = url.searchParams.get('type');
        const objectId = url.searchParams.get('object');
        const data = store
          .events()
          .filter(
            (record) =>
              (!type || record.event.type === type) && (!objectId || record.event.data.object.id === objectId),
          )
          .reverse();
        return sendJson(res, 200, { data });
      }
      const eventPath = /^\/events\/([^/]+)(\/deliver)?$/.exec(path);
      if (eventPath) {
        const record = store.event(eventPath[1]!);
        if (!record)
          return sendJson(res, 404, {
            error: { type: 'invalid_request_error', message: `No such event: '${eventPath[1]}'` },
          });
        if (req.method === 'GET' && !eventPath[2]) return sendJson(res, 200, record);
        if (req.method === 'POST' && eventPath[2]) {
          const { times } = parse(deliverBody, await jsonBody(req));
          return sendJson(res, 200, { attempts: await delivery.redeliver(record, times) });
        }
      }
      sendJson(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `${req.method} /_local/stripe${path} is not a control route (infra/local/stripe/README.md)`,
        },
      });
    } catch (error) {
      if (error instanceof StripeApiError) return sendJson(res, error.status, { error: error.body });
      throw error;
    }
  };
}

/** Paying (or, for a setup session, saving a card) as the hosted page does, with a card number and no form. */
function pay(store: StripeStore, sessionId: string, body: z.output<typeof payBody>) {
  store.sessions.expireOverdue();
  const session = store.sessions.session(sessionId);
  if (!session)
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such checkout.session: '${sessionId}'`,
    });
  if (session.status !== 'open') throw notOpen(sessionId, session.status);
  const nextYear = new Date(store.now() * 1000).getUTCFullYear() + 1;
  const outcome = chargeCard(body.card, { month: 12, year: nextYear });
  if (outcome.result !== 'pays') {
    throw outcome.result === 'declined'
      ? new StripeApiError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: outcome.message,
        })
      : new StripeApiError(400, {
          type: 'card_error',
          code: 'invalid_number',
          message: outcome.message,
          param: 'card',
        });
  }
  // A setup session saves the card for its customer instead of charging it.
  if (session.mode === 'setup')
    return store.sessions.completeSetup(sessionId, { card: outcome.card, name: body.name }, body.deliver);
  return store.payments.completeSession(
    sessionId,
    {
      card: outcome.card,
      email: body.email,
      name: body.name,
      amountTotal: body.amountTotal,
      delayedPayment: body.delayedPayment,
    },
    body.deliver,
  );
}

/** Paying an open invoice as its hosted page does: by card (declines as there), or by a bank transfer that arrives at once. */
function payInvoice(store: StripeStore, invoiceId: string, body: z.output<typeof payInvoiceBody>) {
  if (body.method === 'card') {
    const nextYear = new Date(store.now() * 1000).getUTCFullYear() + 1;
    const outcome = chargeCard(body.card, { month: 12, year: nextYear });
    if (outcome.result === 'declined')
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: outcome.message,
      });
    if (outcome.result !== 'pays')
      throw new StripeApiError(400, {
        type: 'card_error',
        code: 'invalid_number',
        message: outcome.message,
        param: 'card',
      });
  }
  return store.invoices.payInvoice(invoiceId, body.method === 'card' ? 'card' : 'customer_balance', body.deliver);
}

function notOpen(sessionId: string, status: string | null): StripeApiError {
  return new StripeApiError(409, {
    type: 'invalid_request_error',
    message: `Checkout Session ${sessionId} is ${status}, not open.`,
  });
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req)).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new StripeApiError(400, { type: 'invalid_request_error', message: 'The body must be JSON.' });
  }
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const param = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.');
  throw new StripeApiError(400, {
    type: 'invalid_request_error',
    message: `${param}: ${issue.message}`,
    ...(param ? { param } : {}),
  });
}
