/**
 * Sample carts and sample requests in the table (see functions/lib/table/README.md). A sample is
 * one item per colour in its session's partition, so a duplicate is a failed conditional put and
 * never a read followed by a write.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  SAMPLE_CART_LIFETIME_DAYS,
  sampleRequestReference,
  type Sample,
  type SampleProduct,
  type SampleRequest,
  type SampleRequestDetails,
} from '#domain/samples/sample';
import {
  MAX_SAMPLES_PER_REQUEST,
  SAMPLE_LIMIT_MESSAGE,
  SAMPLE_MESSAGES,
  SAMPLE_REQUEST_MESSAGES,
} from '#domain/samples/messages';
import { Conflict, Invalid, NotFound } from '#domain/errors';
import type { AuditAction } from '#domain/audit/audit-entry';
import { auditEntryWrite } from '../lib/table/audit';
import { epochSeconds, isExpired } from '../lib/table/expiry';
import {
  deleteItem,
  deleteItems,
  getItem,
  putItem,
  queryAll,
  queryPage,
  recordOf,
  tryConditional,
  updateItem,
} from '../lib/table/items';
import {
  SAMPLE_CART_ITEM_SK_PREFIX,
  SAMPLE_REQUESTS_INDEX_PK,
  sampleCartCountKeys,
  sampleCartItemKeys,
  sampleCartPartitionKey,
  sampleRequestKeys,
} from '../lib/table/keys/samples';
import { transact } from '../lib/table/transaction';
import type { OutboxEvent } from '../lib/event-outbox';

const DAY_MS = 24 * 60 * 60 * 1000;

function expiresAtFrom(now: Date): number {
  return epochSeconds(new Date(now.getTime() + SAMPLE_CART_LIFETIME_DAYS * DAY_MS));
}

function sampleOf(item: Record<string, unknown>): Sample {
  const { id, productName, productType, color, colorCode, material, imageUrl, addedAt } = item as unknown as Sample;
  return { id, productName, productType, color, colorCode, material, imageUrl, addedAt };
}

/** The session's samples, oldest first; samples past their expiry are gone even before DynamoDB deletes them. */
export async function listSamples(sessionId: string, now: Date): Promise<Sample[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': sampleCartPartitionKey(sessionId), ':prefix': SAMPLE_CART_ITEM_SK_PREFIX },
    ConsistentRead: true,
  });
  const samples = items.filter((item) => !isExpired(item, now)).map(sampleOf);
  return samples.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id));
}

/** Every change keeps the whole sample cart for another 30 days (a sample removed meanwhile stays removed). */
async function keepAlive(sessionId: string, samples: Sample[], now: Date): Promise<void> {
  await Promise.all(
    samples.map((sample) =>
      tryConditional(
        updateItem({
          Key: sampleCartItemKeys(sessionId, sample.id),
          UpdateExpression: 'SET expiresAt = :expiresAt',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':expiresAt': expiresAtFrom(now) },
        }),
      ),
    ),
  );
}

/**
 * Takes one of the sample cart's places on its counter, atomically, so concurrent adds never put
 * more than the limit in. A cart with no live counter (new, past its 30 days, or from before the
 * counter) starts it from the samples it holds now; only one concurrent add can start it, the
 * others count on it.
 */
async function takePlace(sessionId: string, liveSamples: number, now: Date): Promise<void> {
  const values = { ':now': epochSeconds(now), ':expiresAt': expiresAtFrom(now) };
  const started = updateItem({
    Key: sampleCartCountKeys(sessionId),
    UpdateExpression: 'SET samplesHeld = :held, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
    ExpressionAttributeValues: { ...values, ':held': liveSamples + 1 },
  });
  if (await tryConditional(started)) return;
  const counted = updateItem({
    Key: sampleCartCountKeys(sessionId),
    UpdateExpression: 'SET samplesHeld = samplesHeld + :one, expiresAt = :expiresAt',
    ConditionExpression: 'expiresAt > :now AND samplesHeld < :max',
    ExpressionAttributeValues: { ...values, ':one': 1, ':max': MAX_SAMPLES_PER_REQUEST },
  });
  if (!(await tryConditional(counted))) throw new Conflict(SAMPLE_LIMIT_MESSAGE);
}

/** Gives back places on the counter for samples that left the cart (a cart with no counter has nothing to give back). */
async function releasePlaces(sessionId: string, count: number): Promise<void> {
  if (count === 0) return;
  await tryConditional(
    updateItem({
      Key: sampleCartCountKeys(sessionId),
      UpdateExpression: 'SET samplesHeld = samplesHeld - :count',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}

/**
 * Adds a sample unless the cart already holds it (409, decided by the conditional put) or holds the
 * most one request may carry (409, decided by the counter).
 */
export async function addSample(sessionId: string, product: SampleProduct, now: Date): Promise<Sample> {
  const current = await listSamples(sessionId, now);
  if (current.some((sample) => sample.id === product.id)) throw new Conflict(SAMPLE_MESSAGES.duplicate);
  if (current.length >= MAX_SAMPLES_PER_REQUEST) throw new Conflict(SAMPLE_LIMIT_MESSAGE);
  await takePlace(sessionId, current.length, now);
  const sample: Sample = { ...product, addedAt: now.toISOString() };
  const added = putItem({
    Item: {
      ...sampleCartItemKeys(sessionId, product.id),
      entity: 'sampleCartItem',
      sessionId,
      ...sample,
      expiresAt: expiresAtFrom(now),
    },
    // A sample whose time ran out but that DynamoDB has not deleted yet may be added again.
    ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
    ExpressionAttributeValues: { ':now': epochSeconds(now) },
  });
  if (!(await tryConditional(added))) {
    await releasePlaces(sessionId, 1);
    throw new Conflict(SAMPLE_MESSAGES.duplicate);
  }
  await keepAlive(sessionId, current, now);
  return sample;
}

export async function removeSample(sessionId: string, id: string, now: Date): Promise<void> {
  const removed = deleteItem({
    Key: sampleCartItemKeys(sessionId, id),
    ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
    ExpressionAttributeValues: { ':now': epochSeconds(now) },
  });
  if (!(await tryConditional(removed))) throw new NotFound(SAMPLE_MESSAGES.notFound);
  await releasePlaces(sessionId, 1);
}

export async function clearSamples(sessionId: string, now: Date): Promise<void> {
  const samples = await listSamples(sessionId, now);
  await deleteItems(samples.map((sample) => sampleCartItemKeys(sessionId, sample.id)));
  await releasePlaces(sessionId, samples.length);
}

/** A new reference rarely collides (32^6 codes); when it does, the conditional put refuses it and another is drawn. */
const REFERENCE_ATTEMPTS = 3;

/**
 * Stores a request of the session's samples awaiting its sample shipping's payment. The samples stay
 * in the sample cart until the payment comes (takeSamplePayment), so a page left unpaid loses nothing.
 */
export async function createSampleRequest(
  sessionId: string,
  details: SampleRequestDetails,
  now: Date,
): Promise<SampleRequest> {
  const samples = await listSamples(sessionId, now);
  if (samples.length === 0) throw new Invalid(SAMPLE_MESSAGES.emptyCart);
  if (samples.length > MAX_SAMPLES_PER_REQUEST) throw new Invalid(SAMPLE_LIMIT_MESSAGE);
  const createdAt = now.toISOString();
  for (let attempt = 1; ; attempt += 1) {
    const request: SampleRequest = {
      id: randomUUID(),
      reference: sampleRequestReference(randomBytes(6)),
      samples: samples.map(({ addedAt: _addedAt, ...product }) => product),
      ...details,
      status: 'awaitingPayment',
      history: [],
      createdAt,
      updatedAt: createdAt,
    };
    const put = putItem({
      Item: { ...sampleRequestKeys(request.reference, createdAt), entity: 'sampleRequest', sessionId, ...request },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    if (await tryConditional(put)) return request;
    if (attempt >= REFERENCE_ATTEMPTS)
      throw new Error(`${REFERENCE_ATTEMPTS} sample request references in a row were taken`);
  }
}

/** A stored request and the shopping session it was made from. */
export interface StoredSampleRequest extends SampleRequest {
  sessionId?: string;
}

export async function readSampleRequest(reference: string): Promise<StoredSampleRequest | undefined> {
  const item = await getItem(sampleRequestKeys(reference, ''), { consistent: true });
  return item ? recordOf<StoredSampleRequest>(item) : undefined;
}

/**
 * Records the request's payment page, once: answers the page recorded, which is another one when a
 * concurrent call recorded its own first.
 */
export async function attachSampleCheckout(request: SampleRequest, checkoutSessionId: string): Promise<string> {
  const { pk, sk } = sampleRequestKeys(request.reference, request.createdAt);
  const attached = updateItem({
    Key: { pk, sk },
    UpdateExpression: 'SET checkoutSessionId = :session',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(checkoutSessionId)',
    ExpressionAttributeValues: { ':session': checkoutSessionId },
  });
  if (await tryConditional(attached)) return checkoutSessionId;
  const current = await readSampleRequest(request.reference);
  if (!current?.checkoutSessionId) throw new NotFound(SAMPLE_REQUEST_MESSAGES.requestNotFound);
  return current.checkoutSessionId;
}

/**
 * Makes a move of the request stick: the request as the move left it, conditioned on the status the
 * move was decided from, with its event and, for a staff move (`audit`), its audit log entry (the
 * status and shipment before and after) in the same transaction. Answers false when the request
 * moved meanwhile (nothing is written).
 */
export async function changeSampleRequest(
  request: StoredSampleRequest,
  next: StoredSampleRequest,
  events: readonly OutboxEvent[],
  audit?: Pick<AuditAction, 'staffId' | 'action' | 'at'>,
): Promise<boolean> {
  const outcome = await transact(
    {
      request: {
        Put: {
          Item: { ...sampleRequestKeys(next.reference, next.createdAt), entity: 'sampleRequest', ...next },
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':from': request.status },
        },
      },
      audit: audit
        ? auditEntryWrite({
            ...audit,
            record: { kind: 'sampleRequest', id: request.id, label: request.reference },
            before: { status: request.status, shipment: request.shipment ?? null },
            after: { status: next.status, shipment: next.shipment ?? null },
          })
        : null,
    },
    { events },
  );
  return outcome.committed;
}

/** Takes the paid samples out of the session's sample cart; a sample the shopper removed meanwhile is simply no longer there. */
export async function removeRequestedSamples(
  sessionId: string,
  samples: readonly SampleProduct[],
  now: Date,
): Promise<void> {
  for (const sample of samples) {
    try {
      await removeSample(sessionId, sample.id, now);
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
  }
}

/** The shopper's part of a request that came with a paid order. */
export interface OrderSampleRequest {
  orderId: string;
  orderNumber: string;
  /** The shopping session whose sample cart the samples were in. */
  sessionId: string;
  samples: SampleProduct[];
  shopper: SampleRequestDetails;
}

/**
 * After payment: the samples paid with an order become a sample request (staff send them as any
 * other) and leave the session's sample cart. Once per order: the reference is drawn from the order
 * id, so a second run finds the request it made (it carries the order id) and only finishes
 * emptying the cart; a sample the shopper removed meanwhile is simply no longer there.
 */
export async function requestOrderSamples(order: OrderSampleRequest, now: Date): Promise<string> {
  const createdAt = now.toISOString();
  let reference: string | undefined;
  for (let attempt = 1; reference === undefined; attempt += 1) {
    const candidate = sampleRequestReference(
      createHash('sha256').update(`order-samples#${order.orderId}#${attempt}`).digest(),
    );
    const request: SampleRequest = {
      id: order.orderId,
      reference: candidate,
      samples: order.samples,
      ...order.shopper,
      status: 'requested',
      orderNumber: order.orderNumber,
      history: [],
      createdAt,
      updatedAt: createdAt,
    };
    const put = putItem({
      Item: { ...sampleRequestKeys(candidate, createdAt), entity: 'sampleRequest', ...request },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    if (await tryConditional(put)) reference = candidate;
    else {
      const taken = await getItem(sampleRequestKeys(candidate, createdAt), { consistent: true });
      if (taken?.id === order.orderId) reference = candidate;
      else if (attempt >= REFERENCE_ATTEMPTS)
        throw new Error(`Order ${order.orderId}: ${REFERENCE_ATTEMPTS} sample request references were all taken`);
    }
  }
  await removeRequestedSamples(order.sessionId, order.samples, now);
  return reference;
}

/** How many requests the staff list shows: the newest, which are the ones to send. */
const STAFF_LIST_LIMIT = 200;

export async function listSampleRequests(): Promise<SampleRequest[]> {
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': SAMPLE_REQUESTS_INDEX_PK },
    ScanIndexForward: false,
    Limit: STAFF_LIST_LIMIT,
  });
  return items.map((item) => {
    const { sessionId: _sessionId, ...request } = recordOf<StoredSampleRequest>(item);
    return request;
  });
}
