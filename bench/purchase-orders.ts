/**
 * Punch-out orders through the local gateway (issue 10): p50/p99 of a buyer's OrderRequest of two
 * submitted blinds (authenticated by its configuration, lines read from the submission and priced,
 * checked, the order written in one transaction with its payloadID claim, OrderPlaced published).
 * Each request is a new purchase order; requests are spaced to stay under the endpoint's throttle.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { newConfigurationSchema } from '#domain/punchout/configuration';
import { orderRequest } from '#domain/punchout/cxml/index';
import { auxiliaryIdOf } from '#domain/punchout/session';
import { documentClient } from '../functions/lib/aws-clients';
import { config } from '../functions/lib/config';
import { punchoutSubmissionKeys } from '../functions/lib/table/keys';
import { saveConfiguration } from '../functions/punchout/configuration-store';
import type { Submission } from '../functions/punchout/sessions-store';
import type { LocalStack } from '../infra/local/stack';
import { formatLatency, measureLatency } from './latency';

/** The cXML route's throttle refills 20 a second. */
/** A typed shared secret: at least 16 characters (docs/decisions/0035). */
const BENCH_SECRET = 'bench-secret-0123456789';

const PAUSE_MS = 60;

export async function benchmarkPurchaseOrders(stack: LocalStack): Promise<string[]> {
  const identity = `bench-po-${randomUUID()}@buyer.example`;
  const { configuration } = await saveConfiguration(
    newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
      clientId: `bench-client-${randomUUID()}`,
      accountNumber: `BENCH-PO-${randomUUID().slice(0, 8)}`,
      propertyName: 'Bench Apartments',
      identity,
      sharedSecret: BENCH_SECRET,
      buyerSystem: 'RealPage',
    }),
  );
  const submission: Submission = {
    submissionId: randomUUID().replace(/-/g, ''),
    cartId: randomUUID(),
    cartUpdatedAt: new Date().toISOString(),
    configId: configuration.id,
    sessionId: randomUUID(),
    buyerCookie: randomUUID(),
    operationAllowed: 'edit',
    totalCents: 2 * 4140,
    lines: [1, 2].map((position) => ({
      position,
      configuration: defaultConfiguration('faux-wood-blinds'),
      roomLabel: `Unit ${position}`,
      quantity: 1,
      unitCents: 4140,
    })),
    createdAt: new Date().toISOString(),
  };
  // As the partner submit stores it (timed separately in the punch-out sessions step).
  await documentClient().send(
    new PutCommand({
      TableName: config().TABLE_NAME,
      Item: { ...punchoutSubmissionKeys(submission.submissionId), entity: 'PunchoutSubmission', ...submission },
    }),
  );
  const credential = { domain: 'NetworkId', identity };
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
  const send = async () => {
    const body = orderRequest({
      from: [credential],
      to: [{ domain: 'NetworkId', identity: 'hillbrookblinds.com' }],
      sender: { credentials: [{ ...credential, sharedSecret: BENCH_SECRET }], userAgent: 'Bench buyer' },
      orderId: `PO-${randomUUID()}`,
      total: { cents: submission.totalCents, currency: 'USD' },
      shipTo: address,
      billTo: address,
      itemsOut: submission.lines.map((line) => ({
        quantity: 1,
        lineNumber: line.position,
        supplierPartId: 'FW-STD',
        supplierPartAuxiliaryId: auxiliaryIdOf(submission.submissionId, line.position),
        unitPrice: { cents: line.unitCents, currency: 'USD' },
        description: 'Faux wood blind',
        unitOfMeasure: 'EA',
        extrinsics: {},
      })),
    });
    const response = await fetch(`${stack.url}/api/punchout/cxml`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`OrderRequest answered ${response.status}: ${text}`);
  };
  const latency = await measureLatency(send, { warmUp: 10, requests: 150, pauseMs: PAUSE_MS });
  return [formatLatency('POST /api/punchout/cxml (OrderRequest, 2 lines)', latency)];
}
