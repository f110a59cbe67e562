/**
 * Promotions in the table (functions/lib/table/README.md): each promotion, its unique code, and
 * each customer's uses. What an order does to a promotion (claimed when placed or given a new
 * payment page, released when its payment page ends unpaid, counted when paid) are writes the
 * order's own transaction carries, so a promotion's counters move exactly when the order does.
 */
import { Conflict, NotFound } from '#domain/errors';
import type { AuditFields } from '#domain/audit/audit-entry';
import { promotionInEffect, PROMOTION_MESSAGES, type Promotion } from '#domain/promotions/promotion';
import type { PromotionInput } from '#domain/promotions/promotion-schema';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, queryAll, recordOf } from '../lib/table/items';
import {
  PROMOTION_SALES_PARTITION,
  PROMOTIONS_PARTITION,
  promotionCodeKeys,
  promotionCustomerKeys,
  promotionKeys,
  promotionPartitionKey,
} from '../lib/table/keys/promotions';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';

/**
 * Fields left out of the item when null (a limit, so a condition can test its existence), and read
 * back as null: a change of kind removes the other kind's `percent` or `amountCents`.
 */
const NULLABLE_FIELDS = [
  'code',
  'percent',
  'amountCents',
  'maxRedemptions',
  'perCustomerLimit',
  'onlyClientId',
  'endedAt',
] as const;

const ownKey = (promotionId: string) => ({ pk: promotionPartitionKey(promotionId), sk: 'PROMOTION' });

function promotionOf(item: Record<string, unknown>): Promotion {
  const record = recordOf<Record<string, unknown>>(item);
  for (const field of NULLABLE_FIELDS) record[field] ??= null;
  return record as unknown as Promotion;
}

function itemOf(promotion: Promotion): Record<string, unknown> {
  const item: Record<string, unknown> = {
    ...promotionKeys(promotion.id, promotion.createdAt, promotion.code ? null : promotion.endsOn),
    entity: 'promotion',
    ...promotion,
  };
  for (const field of NULLABLE_FIELDS) if (item[field] === null) delete item[field];
  return item;
}

/**
 * A new promotion and its code, each put only if absent: named writes for a transaction (`code`
 * fails when another promotion has the code). A price match's approval carries them in its own.
 */
export function promotionCreation(promotion: Promotion): { promotion: WriteItem; code: WriteItem | null } {
  return {
    promotion: { Put: { Item: itemOf(promotion), ConditionExpression: 'attribute_not_exists(pk)' } },
    code: promotion.code
      ? {
          Put: {
            Item: { ...promotionCodeKeys(promotion.code), entity: 'promotionCode', promotionId: promotion.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        }
      : null,
  };
}

/** A staff change of a promotion, for its audit log entry: its terms and limits as they were and are (counters and times are the orders'). */
function promotionAudit(staffId: string, action: string, before: Promotion | null, after: Promotion, at: string) {
  const termsOf = (promotion: Promotion): AuditFields => {
    const {
      redeemedCount: _r,
      paidCount: _p,
      revenueCents: _c,
      createdAt: _a,
      updatedAt: _u,
      id: _id,
      ...terms
    } = promotion;
    return terms;
  };
  return auditEntryWrite({
    staffId,
    at,
    action,
    record: { kind: 'promotion', id: after.id, label: after.code ?? after.name },
    before: before && termsOf(before),
    after: termsOf(after),
  });
}

/** Stores a new promotion with its code and the staff member's audit log entry, unless another promotion has the code (Conflict naming `code`). */
export async function createPromotion(promotion: Promotion, staffId: string): Promise<void> {
  const outcome = await transact({
    ...promotionCreation(promotion),
    audit: promotionAudit(staffId, 'create', null, promotion, promotion.createdAt),
  });
  if (outcome.committed) return;
  if (outcome.failed.has('code'))
    throw new Conflict(PROMOTION_MESSAGES.codeTaken, { code: PROMOTION_MESSAGES.codeTaken });
  throw new TransactionCancelled(outcome.failed);
}

export async function readPromotion(promotionId: string): Promise<Promotion | undefined> {
  const item = await getItem(ownKey(promotionId), { consistent: true });
  return item ? promotionOf(item) : undefined;
}

/** The promotion a customer's code names, or undefined for a code no promotion has. */
export async function promotionByCode(code: string): Promise<Promotion | undefined> {
  const entry = await getItem(promotionCodeKeys(code));
  return entry ? readPromotion(String(entry.promotionId)) : undefined;
}

/** Every promotion, newest first (staff make them one by one; price matches add one each). */
export async function listPromotions(): Promise<Promotion[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    ExpressionAttributeValues: { ':partition': PROMOTIONS_PARTITION },
    ScanIndexForward: false,
  });
  return items.map(promotionOf);
}

/** The automatic sales in effect on `today` (the shop's date): one Query of the sales not yet over. */
export async function salesInEffect(today: string): Promise<Promotion[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :partition AND gsi2sk >= :today',
    ExpressionAttributeValues: { ':partition': PROMOTION_SALES_PARTITION, ':today': today },
  });
  return items.map(promotionOf).filter((promotion) => promotionInEffect(promotion, today));
}

/**
 * Staff's change of a promotion's terms and limits (its code stays: customers may hold it; its
 * counters are the orders'), on the condition that nobody changed it since it was read.
 */
export async function updatePromotion(
  promotion: Promotion,
  input: Omit<PromotionInput, 'code'>,
  now: Date,
  staffId: string,
): Promise<Promotion> {
  const changed: Promotion = { ...promotion, ...input, updatedAt: now.toISOString() };
  const fields: Record<string, unknown> = {
    ...input,
    updatedAt: changed.updatedAt,
    ...(promotion.code ? {} : { gsi2sk: promotionKeys(promotion.id, promotion.createdAt, changed.endsOn).gsi2sk }),
  };
  const set = Object.keys(fields).filter((name) => fields[name] !== null);
  const removed = Object.keys(fields).filter((name) => fields[name] === null);
  const outcome = await transact({
    promotion: {
      Update: {
        Key: ownKey(promotion.id),
        UpdateExpression: [
          `SET ${set.map((name) => `#${name} = :${name}`).join(', ')}`,
          removed.length > 0 ? `REMOVE ${removed.map((name) => `#${name}`).join(', ')}` : '',
        ].join(' '),
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeNames: Object.fromEntries(Object.keys(fields).map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(set.map((name) => [`:${name}`, fields[name]])),
          ':read': promotion.updatedAt,
        },
      },
    },
    audit: promotionAudit(staffId, 'update', promotion, changed, changed.updatedAt),
  });
  if (!outcome.committed) throw new Conflict('This promotion changed meanwhile. Please reload it and try again.');
  return (await readPromotion(promotion.id))!;
}

/** Ends a promotion now, with the staff member's audit log entry; a promotion already ended is refused. */
export async function endPromotion(promotion: Promotion, now: Date, staffId: string): Promise<Promotion> {
  const promotionId = promotion.id;
  const outcome = await transact({
    promotion: {
      Update: {
        Key: ownKey(promotionId),
        UpdateExpression: 'SET endedAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(endedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      },
    },
    audit: promotionAudit(staffId, 'end', promotion, { ...promotion, endedAt: now.toISOString() }, now.toISOString()),
  });
  const ended = await readPromotion(promotionId);
  if (!ended) throw new NotFound(PROMOTION_MESSAGES.notFound);
  if (!outcome.committed) throw new Conflict(PROMOTION_MESSAGES.endedAlready);
  return ended;
}

/** Which of an order's promotion writes refused it: the promotion (ended, over, used up) or the customer's own limit. */
export type PromotionClaimRefusal = 'promotion' | 'customer';

/**
 * An order takes one use of the promotion: only while it is in effect on `today` and has uses left,
 * and only while the customer has uses of their own left. Named writes for the order's transaction.
 */
export function promotionClaim(
  promotion: Pick<Promotion, 'id' | 'perCustomerLimit'>,
  clientId: string,
  today: string,
): Record<PromotionClaimRefusal, WriteItem> {
  return {
    promotion: {
      Update: {
        Key: ownKey(promotion.id),
        UpdateExpression: 'ADD redeemedCount :one',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(endedAt) AND startsOn <= :today AND endsOn >= :today AND (attribute_not_exists(maxRedemptions) OR redeemedCount < maxRedemptions) AND (attribute_not_exists(onlyClientId) OR onlyClientId = :client)',
        ExpressionAttributeValues: { ':one': 1, ':today': today, ':client': clientId },
      },
    },
    customer: {
      Update: {
        Key: promotionCustomerKeys(promotion.id, clientId),
        UpdateExpression: 'SET entity = :entity ADD uses :one',
        ...(promotion.perCustomerLimit !== null && {
          ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
        }),
        ExpressionAttributeValues: {
          ':one': 1,
          ':entity': 'promotionCustomer',
          ...(promotion.perCustomerLimit !== null && { ':limit': promotion.perCustomerLimit }),
        },
      },
    },
  };
}

function usesMoved(promotionId: string, clientId: string, by: 1 | -1): WriteItem[] {
  return [
    {
      Update: {
        Key: ownKey(promotionId),
        UpdateExpression: 'ADD redeemedCount :by',
        ExpressionAttributeValues: { ':by': by },
      },
    },
    {
      Update: {
        Key: promotionCustomerKeys(promotionId, clientId),
        UpdateExpression: 'SET entity = :entity ADD uses :by',
        ExpressionAttributeValues: { ':by': by, ':entity': 'promotionCustomer' },
      },
    },
  ];
}

/** The use an order held given back (its payment page ended unpaid): for the order's transaction. */
export function promotionRelease(promotionId: string, clientId: string): WriteItem[] {
  return usesMoved(promotionId, clientId, -1);
}

/** The use taken again, whatever the limits, by an order paid after its page had ended: for the order's transaction. */
export function promotionRetake(promotionId: string, clientId: string): WriteItem[] {
  return usesMoved(promotionId, clientId, 1);
}

/** An order using the promotion was paid `cents`: the revenue it touched, for the order's transaction. */
export function promotionPaid(promotionId: string, cents: number): WriteItem {
  return {
    Update: {
      Key: ownKey(promotionId),
      UpdateExpression: 'ADD paidCount :one, revenueCents :cents',
      ExpressionAttributeValues: { ':one': 1, ':cents': cents },
    },
  };
}

/** A customer's uses of a promotion so far (orders placed and not ended unpaid). */
export async function customerUses(promotionId: string, clientId: string): Promise<number> {
  const item = await getItem(promotionCustomerKeys(promotionId, clientId), { consistent: true });
  return Number(item?.uses ?? 0);
}
