import type { IncomingMessage, ServerResponse } from 'node:http';
import { emittedMetrics } from '../../functions/lib/metrics';
import { scheduledJobs } from '../../functions/schedules';
import type { DeliveryMode, LocalEventBus } from './event-bus';
import { readBody, sendJson } from './http-util';
import { carriesLocalToolsKey } from './local-tools-key';
import type { Outbox } from './outbox';
import { renderOutboxPage } from './outbox-page';
import type { LocalScheduler } from './scheduler';
import type { LocalQueue } from './sqs';
import { HOSTED_INVOICE_PATH, HOSTED_PAGE_PATH, type StripeStandIn } from './stripe';

export interface LocalToolsOptions {
  key: string;
  outbox: Outbox;
  bus: LocalEventBus;
  scheduler: LocalScheduler;
  queues: LocalQueue[];
  stripe?: StripeStandIn;
}

/**
 * Everything under `/_local` on the shop's server (docs/decisions/0013): the Stripe stand-in's
 * hosted payment and invoice pages, public as Stripe's are; and the developer's and tests' tools (the outbox, the
 * event bus's control, the schedules, the metrics the handlers counted, the Stripe control surface), which exist nowhere on AWS and
 * answer only with the key. Without it they answer 404 like any path that is not there.
 */
export function createLocalTools(options: LocalToolsOptions) {
  const { key, outbox, bus, scheduler, queues, stripe } = options;
  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    searchParams: URLSearchParams,
  ): Promise<void> {
    const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (stripe && (under(HOSTED_PAGE_PATH) || under(HOSTED_INVOICE_PATH))) return stripe.hostedPage(req, res, pathname);
    if (!carriesLocalToolsKey(req, searchParams, key)) return notFound(req, res);
    if (pathname === '/_local/outbox.json') return sendJson(res, 200, await outbox.list());
    if (pathname === '/_local/outbox') {
      const html = renderOutboxPage(await outbox.list(), { selectedId: searchParams.get('id') ?? undefined, key });
      // The page's URL holds the key: no Referer takes it to a link opened from a mail.
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
        })
        .end(html);
      return;
    }
    // What CloudWatch would receive as metrics on AWS: the handlers' counts since the shop started.
    if (pathname === '/_local/metrics') return sendJson(res, 200, { metrics: emittedMetrics() });
    if (under('/_local/event-bus')) return eventBusControl(req, res, pathname, bus);
    if (under('/_local/schedules')) return scheduleControl(req, res, pathname, scheduler);
    if (under('/_local/queues')) return queueControl(req, res, pathname, queues);
    if (stripe && under('/_local/stripe')) return stripe.control(req, res, pathname);
    notFound(req, res);
  };
}

function notFound(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  sendJson(res, 404, { message: 'Not Found' });
}

/**
 * Lets tests in other processes inspect the bus (dead letters, recent events) and switch its
 * delivery mode: GET /_local/event-bus, PUT /_local/event-bus/delivery-mode {"mode": "twice-out-of-order"};
 * and make consumers fail every attempt (their deliveries dead-letter): PUT
 * /_local/event-bus/failing-consumers {"consumerIds": ["NotifyStaffOfContactMessage"], "matching": "<text>"}
 * ([] to stop; `matching`: only events whose detail holds the text); and refuse the PutEvents entries
 * whose detail holds a text, as EventBridge refuses an entry (InternalFailure): PUT
 * /_local/event-bus/refuse-publishing {"matching": "<text>"} ({"matching": null} to stop).
 */
async function eventBusControl(req: IncomingMessage, res: ServerResponse, pathname: string, bus: LocalEventBus) {
  if (req.method === 'GET' && pathname === '/_local/event-bus') {
    return sendJson(res, 200, {
      deliveryMode: bus.deliveryMode,
      failingConsumers: bus.failingConsumers,
      refusingPublishing: bus.refusingPublishing,
      deadLetters: bus.deadLetters,
      recentEvents: bus.recentEvents,
    });
  }
  if (req.method === 'PUT' && pathname === '/_local/event-bus/failing-consumers') {
    const { consumerIds, matching } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
      consumerIds?: unknown;
      matching?: unknown;
    };
    if (
      !Array.isArray(consumerIds) ||
      !consumerIds.every((id) => typeof id === 'string') ||
      (matching !== undefined && typeof matching !== 'string')
    ) {
      return sendJson(res, 400, { message: 'consumerIds must be a list of consumer ids, matching a text if given' });
    }
    bus.setFailingConsumers(consumerIds, matching);
    return sendJson(res, 200, { failingConsumers: bus.failingConsumers });
  }
  if (req.method === 'PUT' && pathname === '/_local/event-bus/refuse-publishing') {
    const { matching } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { matching?: unknown };
    if (matching !== null && (typeof matching !== 'string' || matching === '')) {
      return sendJson(res, 400, { message: 'matching must be a text the refused details hold, or null to stop' });
    }
    bus.refusePublishing(matching);
    return sendJson(res, 200, { refusingPublishing: bus.refusingPublishing });
  }
  if (req.method === 'PUT' && pathname === '/_local/event-bus/delivery-mode') {
    const { mode } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { mode?: DeliveryMode };
    if (mode !== 'normal' && mode !== 'twice-out-of-order') {
      return sendJson(res, 400, { message: 'mode must be normal or twice-out-of-order' });
    }
    bus.setDeliveryMode(mode);
    return sendJson(res, 200, { deliveryMode: mode });
  }
  sendJson(res, 404, { message: 'Not Found' });
}

/**
 * Lets tests in other processes run a scheduled job now, with the clock they choose:
 * POST /_local/schedules/<jobId>/run {"time": "<ISO date>"} answers the job's result.
 */
async function scheduleControl(req: IncomingMessage, res: ServerResponse, pathname: string, scheduler: LocalScheduler) {
  const jobId = /^\/_local\/schedules\/([A-Za-z0-9]+)\/run$/.exec(pathname)?.[1];
  const job = scheduledJobs.find((declared) => declared.id === jobId);
  if (req.method !== 'POST' || !job) return sendJson(res, 404, { message: 'Not Found' });
  const { time } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { time?: string };
  const at = time === undefined ? new Date() : new Date(time);
  if (Number.isNaN(at.getTime())) return sendJson(res, 400, { message: 'time must be an ISO date' });
  return sendJson(res, 200, await scheduler.run(job.id, at));
}

/**
 * Lets tests drive the queues' clock (a day of webhook retries in a few requests): GET
 * /_local/queues answers each queue's clock and depth; POST /_local/queues/clock
 * {"advanceSeconds": 900} moves every queue's clock forward and hands over what became due.
 */
async function queueControl(req: IncomingMessage, res: ServerResponse, pathname: string, queues: LocalQueue[]) {
  const state = () =>
    queues.map((queue) => ({
      url: queue.url,
      now: new Date(queue.now()).toISOString(),
      ...queue.depth,
      deadLetters: queue.deadLetters,
    }));
  if (req.method === 'GET' && pathname === '/_local/queues') return sendJson(res, 200, { queues: state() });
  if (req.method === 'POST' && pathname === '/_local/queues/clock') {
    const { advanceSeconds } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
      advanceSeconds?: unknown;
    };
    if (typeof advanceSeconds !== 'number' || !(advanceSeconds >= 0))
      return sendJson(res, 400, { message: 'advanceSeconds must be a number of seconds' });
    for (const queue of queues) queue.advance(advanceSeconds * 1000);
    return sendJson(res, 200, { queues: state() });
  }
  sendJson(res, 404, { message: 'Not Found' });
}
