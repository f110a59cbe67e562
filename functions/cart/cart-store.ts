/**
 * A cart's lines in the table (see functions/lib/table/README.md), and the cart's part of what
 * others write: the reference a placed order takes, a punch-out submission, a payment taking its
 * order's lines out. Every write of a line is refused unless the cart is active and the visitor's
 * at that moment (touchOwned). Adding is one atomic UpdateItem per line, so concurrent adds of the
 * same blind never lose a unit. Which cart a visitor gets: cart-lifecycle-store.ts.
 *
 * Items are tagged `entity` (cart, cartLine, sessionCartClaim). Carts written before that carry
 * `type` instead: reads never look at either (the sort key tells the cart from its lines), and the
 * next write of a line or of the cart's activity tags it anew (docs/decisions/0044).
 */
import { createHash } from 'node:crypto';
import { CART_MESSAGES, CartChanged } from '#domain/cart/errors';
import { belongsTo, type CartCandidate } from '#domain/cart/lifecycle';
import { lineKey } from '#domain/cart/line';
import { Invalid, NotFound } from '#domain/errors';
import { MAX_QUANTITY, type Configuration } from '#domain/pricing/configuration';
import {
  deleteItem,
  deleteItems,
  getItem,
  queryAll,
  tryConditional,
  updateItem,
  type Item,
  type UpdateInput,
} from '../lib/table/items';
import { CART_LINE_SK_PREFIX, cartKeys, cartLineKeys } from '../lib/table/keys/cart';
import { transact, type WriteItem } from '../lib/table/transaction';

export interface Visitor {
  sessionId: string;
  clientId: string | null;
}

export interface StoredLine {
  lineId: string;
  configuration: Configuration;
  roomLabel: string | null;
  quantity: number;
  addedUnitCents: number;
  addedAt: string;
  /** The paid orders that took some of the line's quantity out, so a retried take-out takes nothing twice. */
  takenOrderIds?: Set<string>;
}

export interface CartItem {
  cartId: string;
  status: CartCandidate['status'];
  clientId?: string;
  sessionId?: string;
  updatedAt: string;
  /** The order last placed from this cart (its hosted checkout may still be open). */
  checkoutOrderId?: string;
  /** Where a merged cart's lines went (decision 0008 addendum). */
  mergedIntoCartId?: string;
  /** The paid orders whose lines have left this cart (after payment, once each). */
  purchasedOrderIds?: Set<string>;
}

export function candidateOf(item: CartItem, itemCount = 0): CartCandidate {
  return {
    id: item.cartId,
    status: item.status,
    clientId: item.clientId ?? null,
    sessionId: item.sessionId ?? null,
    updatedAt: item.updatedAt,
    itemCount,
  };
}

export async function readCartItem(cartId: string): Promise<CartItem | undefined> {
  return (await getItem(cartKeys(cartId), { consistent: true })) as CartItem | undefined;
}

function lineOf(item: Item): StoredLine {
  const { lineId, configuration, roomLabel, quantity, addedUnitCents, addedAt, takenOrderIds } = item as StoredLine;
  return {
    lineId,
    configuration,
    roomLabel: roomLabel ?? null,
    quantity,
    addedUnitCents,
    addedAt,
    ...(takenOrderIds ? { takenOrderIds } : {}),
  };
}

/** The cart item and its lines, in one consistent query of the cart's partition. */
async function cartWithLines(cartId: string): Promise<{ cart: CartItem | undefined; lines: StoredLine[] }> {
  const lines: StoredLine[] = [];
  let cart: CartItem | undefined;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': cartKeys(cartId).pk },
    ConsistentRead: true,
  });
  for (const item of items) {
    if (item.sk === cartKeys(cartId).sk) cart = item as CartItem;
    else lines.push(lineOf(item));
  }
  return { cart, lines };
}

/** The cart's lines alone (consistent), whoever's it is: for moving them into another cart. */
export async function linesOf(cartId: string): Promise<StoredLine[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': cartKeys(cartId).pk, ':prefix': CART_LINE_SK_PREFIX },
    ConsistentRead: true,
  });
  return items.map(lineOf);
}

/**
 * The visitor's cart with its lines, read in one consistent query that includes the cart item, so
 * whose it is is checked at the moment of the read.
 */
export async function readCart(
  cartId: string,
  visitor: Visitor,
): Promise<{
  status: CartCandidate['status'];
  lines: StoredLine[];
  updatedAt: string;
  checkoutOrderId: string | null;
}> {
  const { cart, lines } = await cartWithLines(cartId);
  if (!cart || !belongsTo(candidateOf(cart), visitor)) throw new CartChanged();
  lines.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.lineId.localeCompare(b.lineId));
  return { status: cart.status, lines, updatedAt: cart.updatedAt, checkoutOrderId: cart.checkoutOrderId ?? null };
}

/** The line of a configuration for a room: a hash of its canonical key, the same for every add of the same blind for the same room. */
export function lineIdOf(configuration: Configuration, roomLabel: string | null): string {
  return createHash('sha256').update(lineKey(configuration, roomLabel)).digest('base64url').slice(0, 22);
}

/** The condition that the cart is active and the visitor's: the table's form of `belongsTo`. */
function ownedByCondition(visitor: Visitor): { condition: string; values: Record<string, string> } {
  const sessionOwned = '(attribute_not_exists(clientId) AND sessionId = :ownerSession)';
  return visitor.clientId
    ? {
        condition: `#status = :active AND (clientId = :ownerClient OR ${sessionOwned})`,
        values: { ':active': 'active', ':ownerSession': visitor.sessionId, ':ownerClient': visitor.clientId },
      }
    : {
        condition: `#status = :active AND ${sessionOwned}`,
        values: { ':active': 'active', ':ownerSession': visitor.sessionId },
      };
}

/**
 * Records activity on the cart, refused (CartChanged) unless the cart is active and the visitor's
 * at this moment: every write of a cart's lines goes through here first.
 */
export async function touchOwned(cartId: string, visitor: Visitor, now: Date): Promise<void> {
  const owned = ownedByCondition(visitor);
  const touched = await tryConditional(
    updateItem({
      Key: cartKeys(cartId),
      // gsi3sk follows the activity; only active carts carry gsi3pk, so the sweep sees the new time.
      UpdateExpression: 'SET updatedAt = :now, gsi3sk = :now, entity = :entity REMOVE #type',
      ConditionExpression: owned.condition,
      ExpressionAttributeNames: { '#status': 'status', '#type': 'type' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':entity': 'cart', ...owned.values },
    }),
  );
  if (!touched) throw new CartChanged();
}

/**
 * The update that adds `line.quantity` to the cart's line of the same blind for the same room,
 * creating it on the first add, on the condition that it stays within the per-line maximum. What
 * the line first had (configuration, added time and price) stays unless `replacePrice`.
 */
function addToLineUpdate(cartId: string, line: StoredLine, now: Date, replacePrice: boolean): UpdateInput {
  return {
    Key: cartLineKeys(cartId, line.lineId),
    UpdateExpression: [
      'ADD quantity :quantity',
      'SET entity = :entity, lineId = :lineId, configuration = if_not_exists(configuration, :configuration),',
      `addedAt = if_not_exists(addedAt, :addedAt), addedUnitCents = ${replacePrice ? ':unitCents' : 'if_not_exists(addedUnitCents, :unitCents)'}, updatedAt = :now`,
      line.roomLabel ? ', roomLabel = :roomLabel' : '',
      'REMOVE #type',
    ].join(' '),
    ConditionExpression: 'attribute_not_exists(quantity) OR quantity <= :roomLeft',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':quantity': line.quantity,
      ':roomLeft': MAX_QUANTITY - line.quantity,
      ':entity': 'cartLine',
      ':lineId': line.lineId,
      ':configuration': line.configuration,
      ':addedAt': line.addedAt,
      ':unitCents': line.addedUnitCents,
      ':now': now.toISOString(),
      ...(line.roomLabel ? { ':roomLabel': line.roomLabel } : {}),
    },
  };
}

/**
 * Adds `quantity` of the configuration for the room: one atomic UpdateItem that creates the line on
 * the first add and adds to its quantity after, refused when the line would pass the per-line
 * maximum. The unit price recorded is the server's, at this add.
 */
export async function addToLine(
  cartId: string,
  visitor: Visitor,
  configuration: Configuration,
  quantity: number,
  unitCents: number,
  roomLabel: string | null,
  now: Date,
): Promise<string> {
  await touchOwned(cartId, visitor, now);
  const line = lineToAdd({ configuration, quantity, unitCents, roomLabel, addedAt: now });
  if (!(await tryConditional(updateItem(addToLineUpdate(cartId, line, now, true)))))
    throw new Invalid(CART_MESSAGES.lineQuantity, { 'configuration.quantity': CART_MESSAGES.lineQuantity });
  // A payment may have bought the cart empty between the first touch and the line (takeOrderOutOfCart):
  // then the add is refused, and addToVisitorsCart makes it again on the cart a fresh resolve gives.
  await touchOwned(cartId, visitor, now);
  return line.lineId;
}

/** A blind to add: `quantity` of the configuration for the room, at the server's unit price, listed at `addedAt`. */
export interface BlindLine {
  configuration: Configuration;
  quantity: number;
  unitCents: number;
  roomLabel: string | null;
  addedAt: Date;
}

function lineToAdd({ configuration, quantity, unitCents, roomLabel, addedAt }: BlindLine): StoredLine {
  const { quantity: _quantity, ...blind } = configuration;
  return {
    lineId: lineIdOf(configuration, roomLabel),
    configuration: { ...blind, quantity: 1 },
    roomLabel,
    quantity,
    addedUnitCents: unitCents,
    addedAt: addedAt.toISOString(),
  };
}

/** Line writes of one bulk add in flight at once: DynamoDB takes them in parallel; more would only queue. */
const LINES_AT_ONCE = 16;

/**
 * Adds many blinds at once (a property's windows, an order bought again), each line the same
 * atomic add as addToLine's, 16 in flight; the cart is checked to be active and the visitor's
 * before the first and again after the last, as addToLine checks around its one line, instead of
 * around each. Each line is refused alone when it would pass the per-line maximum: its id is then
 * null. Lines with the same blind for the same room are one line: give them as one.
 */
export async function addLines(
  cartId: string,
  visitor: Visitor,
  blinds: readonly BlindLine[],
  now: Date,
): Promise<Array<string | null>> {
  await touchOwned(cartId, visitor, now);
  const lineIds: Array<string | null> = [];
  for (let start = 0; start < blinds.length; start += LINES_AT_ONCE) {
    const batch = blinds.slice(start, start + LINES_AT_ONCE).map(async (blind) => {
      const line = lineToAdd(blind);
      return (await tryConditional(updateItem(addToLineUpdate(cartId, line, now, true)))) ? line.lineId : null;
    });
    lineIds.push(...(await Promise.all(batch)));
  }
  await touchOwned(cartId, visitor, now);
  return lineIds;
}

/** Tries at merging one line before giving up: each retry follows a concurrent change of the same line. */
const MERGE_LINE_ATTEMPTS = 3;

/**
 * Adds a saved line's quantity to the target's line of the same blind for the same room, capped at
 * the line maximum: an atomic add while it fits, otherwise the maximum, each conditioned so a
 * concurrent change of the line is never overwritten unseen.
 */
export async function mergeLine(cartId: string, line: StoredLine, now: Date): Promise<void> {
  for (let attempt = 1; attempt <= MERGE_LINE_ATTEMPTS; attempt += 1) {
    if (await tryConditional(updateItem(addToLineUpdate(cartId, line, now, false)))) return;
    const capped = updateItem({
      Key: cartLineKeys(cartId, line.lineId),
      UpdateExpression: 'SET quantity = :max, updatedAt = :now',
      ConditionExpression: 'quantity > :roomLeft',
      ExpressionAttributeValues: {
        ':max': MAX_QUANTITY,
        ':roomLeft': MAX_QUANTITY - line.quantity,
        ':now': now.toISOString(),
      },
    });
    if (await tryConditional(capped)) return;
  }
  throw new CartChanged();
}

export async function setLineQuantity(
  cartId: string,
  visitor: Visitor,
  lineId: string,
  quantity: number,
  now: Date,
): Promise<void> {
  await touchOwned(cartId, visitor, now);
  const set = updateItem({
    Key: cartLineKeys(cartId, lineId),
    UpdateExpression: 'SET quantity = :quantity, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':quantity': quantity, ':now': now.toISOString() },
  });
  if (!(await tryConditional(set))) throw new NotFound(CART_MESSAGES.lineGone);
}

export async function removeLine(cartId: string, visitor: Visitor, lineId: string, now: Date): Promise<void> {
  await touchOwned(cartId, visitor, now);
  const removed = deleteItem({ Key: cartLineKeys(cartId, lineId), ConditionExpression: 'attribute_exists(pk)' });
  if (!(await tryConditional(removed))) throw new NotFound(CART_MESSAGES.lineGone);
}

export async function clearLines(cartId: string, visitor: Visitor, now: Date): Promise<void> {
  await touchOwned(cartId, visitor, now);
  const { lines } = await readCart(cartId, visitor);
  await deleteItems(lines.map((line) => cartLineKeys(cartId, line.lineId)));
}

/**
 * The cart's part of the placing transaction: the cart refers to the order placed from it, on the
 * condition that it is still the visitor's, active, unchanged since its lines were read (every
 * change of its lines moves `updatedAt` first), so the order holds exactly the lines it was read with,
 * and still refers to the order it referred to then: of placements from one cart running at once,
 * one wins, so the placement that replaces an order always knows which one to close.
 */
export function checkoutReference(
  cartId: string,
  visitor: Visitor,
  orderId: string,
  read: { updatedAt: string; checkoutOrderId: string | null },
  now: Date,
): WriteItem {
  const owned = ownedByCondition(visitor);
  const sameReference =
    read.checkoutOrderId === null ? 'attribute_not_exists(checkoutOrderId)' : 'checkoutOrderId = :readCheckoutOrderId';
  return {
    Update: {
      Key: cartKeys(cartId),
      UpdateExpression: 'SET checkoutOrderId = :orderId, checkoutAt = :now',
      ConditionExpression: `${owned.condition} AND updatedAt = :readUpdatedAt AND ${sameReference}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':orderId': orderId,
        ':now': now.toISOString(),
        ':readUpdatedAt': read.updatedAt,
        ...(read.checkoutOrderId === null ? {} : { ':readCheckoutOrderId': read.checkoutOrderId }),
        ...owned.values,
      },
    },
  };
}

/**
 * The cart's part of a punch-out submission's transaction: the partner cart becomes `submitted`
 * (leaving the active-cart index) on the condition that it is still the visitor's, active and
 * unchanged since its lines were read, so the submission holds exactly the lines returned.
 */
export function submissionReference(
  cartId: string,
  visitor: Visitor,
  submissionId: string,
  read: { updatedAt: string },
  now: Date,
): WriteItem {
  const owned = ownedByCondition(visitor);
  return {
    Update: {
      Key: cartKeys(cartId),
      UpdateExpression:
        'SET #status = :submitted, submittedAt = :now, submissionId = :submissionId REMOVE gsi3pk, gsi3sk',
      ConditionExpression: `${owned.condition} AND updatedAt = :readUpdatedAt`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':submitted': 'submitted',
        ':now': now.toISOString(),
        ':submissionId': submissionId,
        ':readUpdatedAt': read.updatedAt,
        ...owned.values,
      },
    },
  };
}

/** Tries at taking a paid order's lines out of its cart: each further try follows a change of the cart meanwhile. */
const PURCHASE_ATTEMPTS = 5;

/**
 * After payment (issue 24): what the order bought leaves the cart it was placed from, and nothing
 * else does. Each ordered line loses the quantity ordered (a line added to since keeps the rest);
 * the cart becomes purchased when nothing is left in it and otherwise stays as it is, so what was
 * added after placing is still the customer's to buy. A cart merged into another at sign-in since
 * is followed to it. One transaction, conditioned on the cart and each line being as read and on
 * the order not having been taken out yet (the cart keeps the orders taken out of it, a line kept
 * in part the orders that took from it), so a retried run of the after-payment steps takes nothing
 * twice. A property's order has more lines than a transaction holds: they leave in transactions of
 * 99 first, and the cart's own write comes last, in a transaction with the rest.
 */
export async function takeOrderOutOfCart(
  cartId: string,
  orderId: string,
  ordered: ReadonlyArray<{ lineId: string; quantity: number }>,
  now: Date,
): Promise<void> {
  let currentId = cartId;
  for (let attempt = 1; attempt <= PURCHASE_ATTEMPTS; attempt += 1) {
    const { cart, lines } = await cartWithLines(currentId);
    if (cart?.status === 'merged' && cart.mergedIntoCartId) {
      currentId = cart.mergedIntoCartId;
      continue;
    }
    if (!cart || cart.status === 'purchased' || cart.purchasedOrderIds?.has(orderId)) return;
    const left = new Map(lines.map((line) => [line.lineId, line.quantity]));
    const takenBefore = new Set(lines.filter((line) => line.takenOrderIds?.has(orderId)).map((line) => line.lineId));
    const lineWrites: WriteItem[] = [];
    for (const { lineId, quantity } of ordered) {
      const read = left.get(lineId);
      if (read === undefined || takenBefore.has(lineId)) continue;
      const key = { Key: cartLineKeys(currentId, lineId) };
      if (read <= quantity) {
        left.delete(lineId);
        lineWrites.push({
          Delete: { ...key, ConditionExpression: 'quantity = :read', ExpressionAttributeValues: { ':read': read } },
        });
      } else {
        lineWrites.push({
          Update: {
            ...key,
            UpdateExpression: 'SET quantity = :left, updatedAt = :now ADD takenOrderIds :order',
            ConditionExpression: 'quantity = :read AND NOT contains(takenOrderIds, :orderId)',
            ExpressionAttributeValues: {
              ':read': read,
              ':left': read - quantity,
              ':now': now.toISOString(),
              ':order': new Set([orderId]),
              ':orderId': orderId,
            },
          },
        });
      }
    }
    const firstWrites = lineWrites.slice(0, Math.max(0, lineWrites.length - LINES_WITH_THE_CART));
    if (!(await takeLinesOut(firstWrites))) continue;
    const emptied = left.size === 0;
    const set = [
      'updatedAt = :now',
      ...(emptied
        ? ['#status = :purchased', 'purchasedAt = :now', 'purchasedWithOrderId = :orderId']
        : cart.status === 'active'
          ? ['gsi3sk = :now']
          : []),
    ];
    const cartWrite: WriteItem = {
      Update: {
        Key: cartKeys(currentId),
        UpdateExpression: `SET ${set.join(', ')} ADD purchasedOrderIds :order${emptied ? ' REMOVE gsi3pk, gsi3sk' : ''}`,
        ConditionExpression:
          '#status = :status AND updatedAt = :readUpdatedAt AND NOT contains(purchasedOrderIds, :orderId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':order': new Set([orderId]),
          ':orderId': orderId,
          ':status': cart.status,
          ':readUpdatedAt': cart.updatedAt,
          ...(emptied ? { ':purchased': 'purchased' } : {}),
        },
      },
    };
    if ((await transact({ cart: cartWrite, lines: lineWrites.slice(firstWrites.length) })).committed) return;
  }
  throw new Error(`Cart ${cartId} kept changing while order ${orderId} was taken out of it`);
}

/** A transaction holds 100 writes: the cart's and 99 lines'. */
const LINES_WITH_THE_CART = 99;

/** Line writes in transactions of 99; false when a line had changed since read (the caller reads the cart again). */
async function takeLinesOut(writes: WriteItem[]): Promise<boolean> {
  for (let start = 0; start < writes.length; start += LINES_WITH_THE_CART) {
    if (!(await transact({ lines: writes.slice(start, start + LINES_WITH_THE_CART) })).committed) return false;
  }
  return true;
}
