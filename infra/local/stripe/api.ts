import type { IncomingMessage, ServerResponse } from 'node:http';
import { STRIPE_API_VERSION } from '../../../functions/lib/stripe';
import { readBody, sendJson } from '../http-util';
import {
  parseParams,
  readCouponCreate,
  readCustomerCreate,
  readExpand,
  readInvoiceCreate,
  readInvoiceItemCreate,
  readPaymentMethodList,
  readRefundCreate,
  readSessionCreate,
} from './params';
import { StripeApiError } from './errors';
import { stripeId } from './objects';
import type { StripeStore } from './store';

type Route = (match: string[], params: Record<string, unknown>) => unknown;

/**
 * Stripe's REST API for the calls the shop makes (README), in front of the store: the `stripe` SDK
 * reaches it through its host/port/protocol settings and cannot tell it from api.stripe.com.
 */
export function createStripeApi(
  store: StripeStore,
  hostedPageUrl: (sessionId: string) => string,
  hostedInvoiceUrl: (invoiceId: string) => string,
) {
  const routes: Array<{ method: 'GET' | 'POST' | 'DELETE'; pattern: RegExp; run: Route }> = [
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      run: (_, params) => {
        refuseIfSwitchedOn(store, params);
        const { expand, ...session } = readSessionCreate(params);
        return expanded(store, store.sessions.createSession(session, hostedPageUrl), expand ?? []);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.sessions.session(id!), 'session', 'checkout.session', id!), readExpand(params)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      run: ([id]) =>
        list(
          found(store.sessions.lineItems(id!), 'session', 'checkout.session', id!),
          `/v1/checkout/sessions/${id}/line_items`,
        ),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      run: ([id], params) => expanded(store, store.sessions.expireSession(id!).session, readExpand(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/coupons$/,
      run: (_, params) => {
        const { expand, ...coupon } = readCouponCreate(params);
        return expanded(store, store.coupons.createCoupon(coupon), expand ?? []);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/coupons\/([^/]+)$/,
      run: ([id], params) => expanded(store, found(store.coupons.coupon(id!), 'id', 'coupon', id!), readExpand(params)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.payments.paymentIntent(id!), 'intent', 'payment_intent', id!), readExpand(params)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.payments.charge(id!), 'id', 'charge', id!), readExpand(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      run: (_, params) => {
        const { expand, ...refund } = readRefundCreate(params);
        return expanded(store, store.payments.createRefund(refund), expand ?? []);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      run: (_, params) => {
        const { expand, ...customer } = readCustomerCreate(params);
        return expanded(store, store.customers.createCustomer(customer), expand ?? []);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.customers.customer(id!), 'id', 'customer', id!), readExpand(params)),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: ([id]) => store.customers.deleteCustomer(id!),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      run: ([id], params) => {
        const { limit } = readPaymentMethodList(params);
        const { data, hasMore } = store.customers.customerPaymentMethods(id!, limit);
        return { ...list(data, `/v1/customers/${id}/payment_methods`), has_more: hasMore };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      run: ([id], params) =>
        expanded(
          store,
          found(store.customers.paymentMethod(id!), 'payment_method', 'PaymentMethod', id!),
          readExpand(params),
        ),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      run: ([id], params) => expanded(store, store.customers.detachPaymentMethod(id!), readExpand(params)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.customers.setupIntent(id!), 'intent', 'setup_intent', id!), readExpand(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/void$/,
      run: ([id], params) => expanded(store, store.invoices.voidInvoice(id!), readExpand(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoiceitems$/,
      run: (_, params) => {
        const { expand, ...item } = readInvoiceItemCreate(params);
        return expanded(store, store.invoices.createInvoiceItem(item), expand ?? []);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices$/,
      run: (_, params) => {
        const { expand, ...invoice } = readInvoiceCreate(params);
        return expanded(store, store.invoices.createInvoice(invoice), expand ?? []);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.invoices.invoice(id!), 'invoice', 'invoice', id!), readExpand(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/finalize$/,
      run: ([id], params) => expanded(store, store.invoices.finalizeInvoice(id!, hostedInvoiceUrl), readExpand(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/send$/,
      run: ([id], params) => expanded(store, store.invoices.sendInvoice(id!), readExpand(params)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      run: ([id], params) =>
        expanded(store, found(store.payments.refund(id!), 'refund', 'refund', id!), readExpand(params)),
    },
  ];

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = stripeId('req_', 14);
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const body = (await readBody(req)).toString('utf8');
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': header(req, 'stripe-version') ?? STRIPE_API_VERSION,
    };
    const answer = (status: number, payload: unknown, extra: Record<string, string> = {}) =>
      sendJson(res, status, payload, { ...headers, ...extra });

    const key = apiKey(req);
    if (key !== store.secretKey) {
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return answer(
        401,
        { error: { type: 'invalid_request_error', message } },
        { 'www-authenticate': 'Bearer realm="Stripe"' },
      );
    }

    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) {
      return answer(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in implements the calls in infra/local/stripe/README.md.`,
        },
      });
    }

    const idempotencyKey = method === 'POST' ? header(req, 'idempotency-key') : undefined;
    if (idempotencyKey) {
      headers['idempotency-key'] = idempotencyKey;
      const saved = store.idempotentResult(idempotencyKey);
      if (saved) {
        if (saved.method !== method || saved.path !== url.pathname) {
          return answer(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${method} ${url.pathname}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (saved.body !== body) {
          return answer(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        return answer(saved.status, saved.response, { 'idempotent-replayed': 'true' });
      }
    }

    store.sessions.expireOverdue();
    const [, ...match] = route.pattern.exec(url.pathname)!;
    let result: unknown;
    try {
      // Stripe's ids are plain ASCII: a path segment is used as sent, so a malformed escape is just an unknown id.
      result = route.run(match, parseParams(method === 'GET' ? url.search.slice(1) : body));
    } catch (error) {
      if (error instanceof StripeApiError) return answer(error.status, { error: error.body });
      throw error;
    }
    // As at Stripe, a result is kept for its key only once the call ran (validation errors are not).
    if (idempotencyKey)
      store.saveIdempotentResult(idempotencyKey, { method, path: url.pathname, body, status: 200, response: result });
    answer(200, result);
  };
}

/**
 * Stripe failing on its side, as the control surface's switch asks for the sessions whose parameters
 * hold its text: a 500 `api_error`, which the SDK retries and then throws. Not kept for the call's
 * Idempotency-Key (thrown before the call runs), so the same call succeeds once the switch is off.
 */
function refuseIfSwitchedOn(store: StripeStore, params: Record<string, unknown>): void {
  const matching = store.refusingCheckoutSessions;
  if (matching !== null && JSON.stringify(params).includes(matching))
    throw new StripeApiError(500, {
      type: 'api_error',
      message:
        'An unknown error occurred (the local stand-in refuses this Checkout Session: refuse-checkout-sessions).',
    });
}

/** The secret key of `Authorization: Bearer sk_…` or of Basic auth with the key as the user name. */
function apiKey(req: IncomingMessage): string | undefined {
  const [scheme, credentials] = (req.headers.authorization ?? '').split(' ');
  if (!credentials) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return credentials;
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function found<T>(value: T | undefined, param: string, objectName: string, id: string): T {
  if (value === undefined) {
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${objectName}: '${id}'`,
      param,
    });
  }
  return value;
}

function list<T>(data: T[], url: string) {
  return { object: 'list', data, has_more: false as boolean, url };
}

/**
 * `expand[]` as Stripe applies it: each dotted path replaces an id by its object (a session's
 * line_items by their list); a path that cannot be expanded is a 400.
 */
function expanded(store: StripeStore, object: object, paths: string[]): object {
  for (const path of paths) expandPath(store, object as Record<string, unknown>, path.split('.'), path);
  return object;
}

function expandPath(
  store: StripeStore,
  object: Record<string, unknown>,
  [field, ...rest]: string[],
  path: string,
): void {
  if (!field) return;
  const value = object[field];
  let replacement: unknown;
  if (object.object === 'checkout.session' && field === 'line_items') {
    replacement = list(
      store.sessions.lineItems(object.id as string) ?? [],
      `/v1/checkout/sessions/${String(object.id)}/line_items`,
    );
  } else if (typeof value === 'string') {
    replacement = byId(store, value);
  } else if (value === null) {
    return;
  } else if (value && typeof value === 'object') {
    replacement = value;
  }
  if (replacement === undefined) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: `This property cannot be expanded (${path}).`,
      param: 'expand',
    });
  }
  object[field] = replacement;
  if (rest.length > 0 && replacement && typeof replacement === 'object')
    expandPath(store, replacement as Record<string, unknown>, rest, path);
}

function byId(store: StripeStore, id: string): unknown {
  if (id.startsWith('cs_')) return store.sessions.session(id);
  if (id.startsWith('pi_')) return store.payments.paymentIntent(id);
  if (id.startsWith('ch_')) return store.payments.charge(id);
  if (id.startsWith('re_')) return store.payments.refund(id);
  if (id.startsWith('cus_')) return store.customers.customer(id);
  if (id.startsWith('in_')) return store.invoices.invoice(id);
  if (id.startsWith('pm_')) return store.customers.paymentMethod(id);
  if (id.startsWith('seti_')) return store.customers.setupIntent(id);
  return undefined;
}
