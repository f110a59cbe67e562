import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sendJson } from '../http-util';
import { createStripeApi } from './api';
import { createControlSurface } from './control';
import { WebhookDelivery } from './delivery';
import { createHostedInvoicePage, HOSTED_INVOICE_PATH } from './hosted-invoice-page';
import { createHostedPage, HOSTED_PAGE_PATH } from './hosted-page';
import { StripeStore } from './store';

export { LOCAL_KEY_PREFIX } from './store';
export { HOSTED_INVOICE_PATH, HOSTED_PAGE_PATH };

export interface StripeStandInOptions {
  /** Where its state (keys, sessions, payments, events) is kept between runs. */
  dataDir: string;
  /** Origin of the site, which serves the hosted payment page. */
  siteUrl: string;
  /** The shop's webhook endpoint. */
  webhookUrl: string;
  /** Waits before the automatic redeliveries of an event the webhook did not take (default 1 s, 4 s, 16 s, 60 s). */
  retryDelaysMs?: number[];
  /** How often open sessions past expires_at are expired (default every second). */
  expirySweepMs?: number;
  /** Tests move time with their own clock. */
  clock?: () => Date;
}

export interface StripeStandIn {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, `/v1/…`. */
  api(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * The hosted payment page, `${HOSTED_PAGE_PATH}/<sessionId>`, and the hosted invoice page,
   * `${HOSTED_INVOICE_PATH}/<invoiceId>`: public, a shopper or a client pays there.
   */
  hostedPage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
  /** The tests' control surface, the rest of `/_local/stripe/…` (README.md): behind the local tools key on the local server. */
  control(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
  stop(): Promise<void>;
}

/** Stripe on one machine (README.md): its API, hosted payment page and signed webhook deliveries. */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const store = await StripeStore.open(join(options.dataDir, 'state.json'), options.clock ?? (() => new Date()));
  const delivery = new WebhookDelivery(store, {
    url: options.webhookUrl,
    retryDelaysMs: options.retryDelaysMs ?? [1_000, 4_000, 16_000, 60_000],
    timeoutMs: 20_000,
  });
  store.onEvent = (record) => delivery.deliver(record);
  for (const record of store.events()) if (record.delivery === 'pending') delivery.deliver(record);

  const hostedPageUrl = (sessionId: string) => `${options.siteUrl}${HOSTED_PAGE_PATH}/${sessionId}`;
  const hostedInvoiceUrl = (invoiceId: string) => `${options.siteUrl}${HOSTED_INVOICE_PATH}/${invoiceId}`;
  const api = createStripeApi(store, hostedPageUrl, hostedInvoiceUrl);
  const hostedPage = createHostedPage(store);
  const hostedInvoicePage = createHostedInvoicePage(store);
  const controlSurface = createControlSurface(store, delivery);
  const sweep = setInterval(() => store.sessions.expireOverdue(), options.expirySweepMs ?? 1_000);

  return {
    secretKey: store.secretKey,
    webhookSecret: store.webhookSecret,
    api,
    async hostedPage(req, res, pathname) {
      const page = new RegExp(`^${HOSTED_PAGE_PATH}/([^/]+)$`).exec(pathname);
      const invoicePage = new RegExp(`^${HOSTED_INVOICE_PATH}/([^/]+)$`).exec(pathname);
      if (req.method === 'GET' || req.method === 'POST') {
        if (page) return hostedPage(req, res, page[1]!);
        if (invoicePage) return hostedInvoicePage(req, res, invoicePage[1]!);
      }
      sendJson(res, 404, { message: 'Not Found' });
    },
    async control(req, res, pathname) {
      if (pathname.startsWith('/_local/stripe/'))
        return controlSurface(req, res, pathname.slice('/_local/stripe'.length));
      sendJson(res, 404, { message: 'Not Found' });
    },
    async stop() {
      clearInterval(sweep);
      await delivery.stop();
      await store.flush();
    },
  };
}
