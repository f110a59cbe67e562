/**
 * Punch-out orders through the local gateway (issue 10, docs/decisions/0057): p50/p99 of a buyer's
 * OrderRequest of two submitted blinds (authenticated by its configuration, lines read from the
 * submission and priced, checked, the order written with its payloadID claim, OrderPlaced
 * published), and of one of 1,000 blinds echoing the shop's own PunchOutOrderMessage lines (about
 * 1.4 MB): its first delivery (the lines and purchase order items in batches, then the order's
 * transaction) and a redelivery of the same document (answered from its payloadID claim). Each
 * first delivery is a new purchase order; requests are spaced to stay under the endpoint's throttle.
 */
import { randomUUID } from 'node:crypto';
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import { configurationSchema, defaultConfiguration } from '#domain/pricing/configuration';
import { newConfigurationSchema, type PunchoutConfiguration } from '#domain/punchout/configuration';
import { orderRequest, type ItemOut } from '#domain/punchout/cxml/index';
import { auxiliaryIdOf, punchOutOrderLineOf } from '#domain/punchout/session';
import { saveConfiguration } from '../functions/punchout/configuration-store';
import { storeSubmission, type Submission } from '../functions/punchout/sessions-store';
import type { LocalStack } from '../infra/local/stack';
import { propertyRoomLabel } from '../tests/support/property-cart';
import { formatLatency, latencyOf, measureLatency } from './latency';

/** A typed shared secret: at least 16 characters (docs/decisions/0035). */
const BENCH_SECRET = 'bench-secret-0123456789';

/** The cXML route's throttle refills 20 a second. */
const PAUSE_MS = 60;

const LARGE_WARM_UP = 1;
const LARGE_RUNS = 5;

const address = {
  name: 'Bench Apartments',
  deliverTo: ['Pat Buyer'],
  street: ['1 Main St'],
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
  country: 'United States',
  email: 'pat@buyer.example',
};

async function benchConfiguration(): Promise<PunchoutConfiguration> {
  const { configuration } = await saveConfiguration(
    newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
      clientId: `bench-client-${randomUUID()}`,
      accountNumber: `BENCH-PO-${randomUUID().slice(0, 8)}`,
      propertyName: 'Bench Apartments',
      identity: `bench-po-${randomUUID()}@buyer.example`,
      sharedSecret: BENCH_SECRET,
      buyerSystem: 'RealPage',
    }),
  );
  return configuration;
}

/** A cart of `count` faux wood blinds (a width and a unit window each) returned to the buyer, stored as the partner submit stores it. */
async function benchSubmission(configuration: PunchoutConfiguration, count: number): Promise<Submission> {
  const lines = Array.from({ length: count }, (_, index) => ({
    position: index + 1,
    configuration: configurationSchema.parse({
      ...defaultConfiguration('faux-wood-blinds'),
      width: { inches: 24 + (index % 48), eighths: index % 8 },
    }),
    roomLabel: propertyRoomLabel(index),
    quantity: 1,
    unitCents: 4140,
  }));
  const submission: Submission = {
    submissionId: randomUUID().replace(/-/g, ''),
    cartId: randomUUID(),
    cartUpdatedAt: new Date().toISOString(),
    configId: configuration.id,
    sessionId: randomUUID(),
    buyerCookie: randomUUID(),
    operationAllowed: 'edit',
    totalCents: count * 4140,
    lines,
    createdAt: new Date().toISOString(),
  };
  await storeSubmission(submission);
  return submission;
}

/** The buyer's OrderRequest of every submitted line, each ItemOut as the shop's PunchOutOrderMessage returned it. */
function orderRequestOf(configuration: PunchoutConfiguration, submission: Submission, orderId: string): string {
  const credential = { domain: 'NetworkId', identity: configuration.identity };
  const itemsOut: ItemOut[] = submission.lines.map((line) => {
    const returned = punchOutOrderLineOf(line, auxiliaryIdOf(submission.submissionId, line.position));
    return {
      quantity: returned.quantity,
      lineNumber: line.position,
      supplierPartId: returned.supplierPartId,
      supplierPartAuxiliaryId: returned.supplierPartAuxiliaryId,
      unitPrice: { cents: returned.unitPriceCents, currency: 'USD' },
      description: returned.description,
      unitOfMeasure: 'EA',
      extrinsics: returned.extrinsics,
    };
  });
  return orderRequest({
    from: [credential],
    to: [{ domain: 'NetworkId', identity: 'hillbrookblinds.com' }],
    sender: { credentials: [{ ...credential, sharedSecret: BENCH_SECRET }], userAgent: 'Bench buyer' },
    orderId,
    total: { cents: submission.totalCents, currency: 'USD' },
    shipTo: address,
    billTo: address,
    itemsOut,
  });
}

async function deliver(stack: LocalStack, body: string): Promise<void> {
  const response = await fetch(`${stack.url}/api/punchout/cxml`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`OrderRequest answered ${response.status}: ${text}`);
}

export async function benchmarkPurchaseOrders(stack: LocalStack): Promise<string[]> {
  const configuration = await benchConfiguration();
  const small = await benchSubmission(configuration, 2);
  const latency = await measureLatency(
    () => deliver(stack, orderRequestOf(configuration, small, `PO-${randomUUID()}`)),
    { warmUp: 10, requests: 150, pauseMs: PAUSE_MS },
  );

  const large = await benchSubmission(configuration, MAX_ORDER_LINES);
  const firstMs: number[] = [];
  const againMs: number[] = [];
  let documentBytes = 0;
  for (let i = 0; i < LARGE_WARM_UP + LARGE_RUNS; i++) {
    const document = orderRequestOf(configuration, large, `PO-${randomUUID()}`);
    documentBytes = Buffer.byteLength(document);
    for (const times of [firstMs, againMs]) {
      const started = performance.now();
      await deliver(stack, document);
      if (i >= LARGE_WARM_UP) times.push(performance.now() - started);
    }
  }
  const size = `${(documentBytes / 1_048_576).toFixed(1)} MB`;
  return [
    formatLatency('POST /api/punchout/cxml (OrderRequest, 2 lines)', latency),
    formatLatency(`OrderRequest, ${MAX_ORDER_LINES} lines, ${size}`, latencyOf(firstMs)),
    formatLatency(`  the same, redelivered`, latencyOf(againMs)),
  ];
}
