/**
 * Punch-out partner sessions through the local gateway (issue 10): p50/p99 of a buyer's
 * PunchOutSetupRequest (authenticated by its configuration, answered with a start page) and of a
 * partner's submit (a 2-line cart priced by the configuration's rules, stored as a submission, the
 * cart marked submitted, the PunchOutOrderMessage built with RealPage's attribute lines). Each submit
 * needs a session and a cart of its own, made untimed before it. Setup requests are spaced to stay
 * under the endpoint's route throttle.
 */
import { randomUUID } from 'node:crypto';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { newConfigurationSchema } from '#domain/punchout/configuration';
import { parseCxmlResponse, punchOutSetupRequest } from '#domain/punchout/cxml/index';
import type { PartnerAuthentication } from '#domain/punchout/session';
import { saveConfiguration } from '../functions/punchout/configuration-store';
import type { LocalStack } from '../infra/local/stack';
import { formatLatency, latencyOf, measureLatency } from './latency';

/** A typed shared secret: at least 16 characters (docs/decisions/0035). */
const BENCH_SECRET = 'bench-secret-0123456789';

const SUBMIT_WARM_UP = 5;
const SUBMIT_RUNS = 100;
/** The cXML route's throttle refills 20 a second. */
const SETUP_PAUSE_MS = 60;

async function call<T>(
  baseUrl: string,
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${text}`);
  return (response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as T;
}

export async function benchmarkPunchoutSessions(stack: LocalStack): Promise<string[]> {
  const identity = `bench-${randomUUID()}@buyer.example`;
  await saveConfiguration(
    newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
      clientId: `bench-client-${randomUUID()}`,
      accountNumber: `BENCH-${randomUUID().slice(0, 8)}`,
      propertyName: 'Bench Apartments',
      identity,
      sharedSecret: BENCH_SECRET,
      buyerSystem: 'RealPage',
      pricingRules: { discount: 0.1 },
    }),
  );
  const setupRequest = () =>
    punchOutSetupRequest({
      from: [{ domain: 'NetworkId', identity }],
      to: [{ domain: 'NetworkId', identity: 'hillbrookblinds.com' }],
      sender: {
        credentials: [{ domain: 'NetworkId', identity, sharedSecret: BENCH_SECRET }],
        userAgent: 'Bench buyer',
      },
      buyerCookie: randomUUID(),
      returnUrl: 'https://buyer.example/return',
      operation: 'create',
      extrinsics: { FirstName: 'Pat', LastName: 'Buyer', UserEmail: 'pat@buyer.example' },
    });
  const setUp = () =>
    call<string>(stack.url, '/punchout/cxml', {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: setupRequest(),
    });

  const setup = await measureLatency(() => setUp().then(() => undefined), {
    warmUp: 20,
    requests: 200,
    pauseMs: SETUP_PAUSE_MS,
  });

  const submitTimes: number[] = [];
  for (let i = 0; i < SUBMIT_WARM_UP + SUBMIT_RUNS; i++) {
    const params = Object.fromEntries(new URL(parseCxmlResponse(await setUp()).startPageUrl!).searchParams);
    const session = await call<PartnerAuthentication>(stack.url, '/punchout/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    const headers = {
      'content-type': 'application/json',
      'x-partner-session': session.partnerToken,
      'x-shopping-session-id': session.shoppingSessionId,
    };
    for (const roomLabel of ['Unit 1', 'Unit 2']) {
      await call(stack.url, '/cart/items', {
        method: 'POST',
        headers,
        body: JSON.stringify({ configuration: defaultConfiguration('faux-wood-blinds'), roomLabel }),
      });
    }
    const started = performance.now();
    await call(stack.url, '/punchout/submit', { method: 'POST', headers, body: '{}' });
    if (i >= SUBMIT_WARM_UP) submitTimes.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, SETUP_PAUSE_MS));
  }
  return [
    formatLatency('POST /api/punchout/cxml (setup request)', setup),
    formatLatency('POST /api/punchout/submit, 2 lines', latencyOf(submitTimes)),
  ];
}
