/**
 * Carts in the table (see functions/lib/table/README.md). Which cart a visitor gets is decided by
 * domain/cart/lifecycle.ts; this module reads the candidates and writes the decision. Adding is one
 * atomic UpdateItem per line, so concurrent adds of the same blind never lose a unit. An active
 * cart carries the sparse gsi3 entry keyed by its last activity, which the idle-cart sweep queries
 * (docs/decisions/0007-idle-cart-sweep.md); carts have no TTL.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { belongsTo, CART_IDLE_MS, decideCartLoad, idleSince, isIdle, type CartCandidate } from '#domain/cart/lifecycle';
import { lineKey } from '#domain/cart/line';
import { MAX_QUANTITY, type Configuration } from '#domain/pricing/configuration';
import { CartAbandoned, type EventDetail } from '#events/catalog';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { publish } from '../lib/events';
import { HttpError } from '../lib/http';
import { cancellationCodes, deleteItems, isConditionFailure, queryAll } from '../lib/table/items';
import {
  ACTIVE_CARTS_PARTITION,
  activeCartIndexKeys,
  CART_INDEX_SK_PREFIX,
  CART_LINE_SK_PREFIX,
  cartClientIndexKeys,
  cartKeys,
  cartLineKeys,
  cartSessionIndexKeys,
  sessionCartClaimKeys,
} from '../lib/table/keys';

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
}

interface CartItem {
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

const table = () => config().TABLE_NAME;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function candidateOf(item: CartItem, itemCount = 0): CartCandidate {
  return {
    id: item.cartId,
    status: item.status,
    clientId: item.clientId ?? null,
    sessionId: item.sessionId ?? null,
    updatedAt: item.updatedAt,
    itemCount,
  };
}

async function queryIndex(index: 'gsi1' | 'gsi2', partition: string): Promise<CartItem[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
    ExpressionAttributeValues: { ':pk': partition, ':prefix': CART_INDEX_SK_PREFIX },
  });
  return items as CartItem[];
}

async function lineCount(cartId: string): Promise<number> {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': cartKeys(cartId).pk, ':prefix': CART_LINE_SK_PREFIX },
      Select: 'COUNT',
      ConsistentRead: true,
    }),
  );
  return result.Count ?? 0;
}

/** The session's and the client's carts; lines are counted only where the decision needs them (a revivable cart). */
async function candidates(visitor: Visitor, now: Date): Promise<CartCandidate[]> {
  const [sessionCarts, clientCarts] = await Promise.all([
    queryIndex('gsi1', cartSessionIndexKeys(visitor.sessionId, '').gsi1pk),
    visitor.clientId ? queryIndex('gsi2', cartClientIndexKeys(visitor.clientId, '').gsi2pk) : Promise.resolve([]),
  ]);
  return Promise.all(
    [...sessionCarts, ...clientCarts].map(async (item) => {
      const mayRevive =
        item.status === 'abandoned' &&
        item.clientId === visitor.clientId &&
        now.getTime() - Date.parse(item.updatedAt) < CART_IDLE_MS;
      return candidateOf(item, mayRevive ? await lineCount(item.cartId) : 0);
    }),
  );
}

type AbandonReason = EventDetail<typeof CartAbandoned>['reason'];

/**
 * Active → abandoned, leaving the active-cart index. An idle cart is abandoned only if it is still
 * idle (a shopper may have touched it since it was read); a signed-out or replaced one whatever its
 * activity. Returns whether this call abandoned it (a concurrent one may have been first).
 */
async function abandon(cartId: string, reason: AbandonReason, now: Date): Promise<boolean> {
  const stillIdle = reason === 'idle';
  try {
    const result = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: cartKeys(cartId),
        UpdateExpression: 'SET #status = :abandoned, abandonedAt = :now REMOVE gsi3pk, gsi3sk',
        ConditionExpression: stillIdle ? '#status = :active AND updatedAt <= :idleSince' : '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':abandoned': 'abandoned',
          ':active': 'active',
          ':now': now.toISOString(),
          ...(stillIdle ? { ':idleSince': idleSince(now).toISOString() } : {}),
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const old = result.Attributes as CartItem;
    await publish(CartAbandoned, {
      cartId,
      clientId: old.clientId ?? null,
      reason,
      lastUpdatedAt: old.updatedAt,
      abandonedAt: now.toISOString(),
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The client's active cart (the newest, should there be two), read only: nothing is attached,
 * abandoned or created. For staff looking at what a customer has in their cart (the chat panel).
 */
export async function activeCartOfClient(clientId: string): Promise<string | null> {
  const active = (await queryIndex('gsi2', cartClientIndexKeys(clientId, '').gsi2pk)).filter(
    (cart) => cart.status === 'active',
  );
  active.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return active[0]?.cartId ?? null;
}

/**
 * Sign-out: every active cart of the client becomes abandoned (revivable for 24 hours when they
 * sign in again). Returns how many this call abandoned.
 */
export async function abandonClientCarts(clientId: string, now: Date): Promise<number> {
  const carts = await queryIndex('gsi2', cartClientIndexKeys(clientId, '').gsi2pk);
  const abandoned = await Promise.all(
    carts.filter((cart) => cart.status === 'active').map((cart) => abandon(cart.cartId, 'signed-out', now)),
  );
  return abandoned.filter(Boolean).length;
}

/**
 * The idle-cart sweep: active carts whose last activity is 24 hours before `now` or older, found
 * through the sparse gsi3 (no Scan), each abandoned only if still active and still idle. The index
 * is eventually consistent; the condition makes a stale entry harmless.
 */
/** Carts abandoned concurrently per page, which bounds the sweep's parallel writes. */
const SWEEP_PAGE_SIZE = 100;

export async function abandonIdleCarts(now: Date): Promise<number> {
  let abandoned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :idleSince',
        ExpressionAttributeValues: { ':pk': ACTIVE_CARTS_PARTITION, ':idleSince': idleSince(now).toISOString() },
        ProjectionExpression: 'cartId',
        Limit: SWEEP_PAGE_SIZE,
        ExclusiveStartKey: start,
      }),
    );
    const outcomes = await Promise.all((result.Items ?? []).map((item) => abandon(String(item.cartId), 'idle', now)));
    abandoned += outcomes.filter(Boolean).length;
    start = result.LastEvaluatedKey;
  } while (start);
  return abandoned;
}

/** Marks the cart active and current, attaching the session and the client where the decision says so. */
async function activate(
  cart: CartCandidate,
  visitor: Visitor,
  changes: { attachSession: boolean; attachClient: boolean; revive: boolean },
  now: Date,
) {
  const set = ['updatedAt = :now', 'gsi3pk = :gsi3pk', 'gsi3sk = :now'];
  const values: Record<string, unknown> = {
    ':now': now.toISOString(),
    ':gsi3pk': ACTIVE_CARTS_PARTITION,
    ':expected': cart.status,
  };
  if (changes.revive) {
    set.push('#status = :active');
    values[':active'] = 'active';
  }
  if (changes.attachSession) {
    set.push('sessionId = :sessionId', 'gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
    const keys = cartSessionIndexKeys(visitor.sessionId, cart.id);
    Object.assign(values, { ':sessionId': visitor.sessionId, ':gsi1pk': keys.gsi1pk, ':gsi1sk': keys.gsi1sk });
  }
  if (changes.attachClient && visitor.clientId) {
    set.push('clientId = :clientId', 'gsi2pk = :gsi2pk', 'gsi2sk = :gsi2sk');
    const keys = cartClientIndexKeys(visitor.clientId, cart.id);
    Object.assign(values, { ':clientId': visitor.clientId, ':gsi2pk': keys.gsi2pk, ':gsi2sk': keys.gsi2sk });
  }
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: cartKeys(cart.id),
      UpdateExpression: `SET ${set.join(', ')}`,
      ConditionExpression: changes.attachClient
        ? '#status = :expected AND attribute_not_exists(clientId)'
        : '#status = :expected',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    }),
  );
}

/** A new cart's id: random, so nothing a caller sends or knows decides which cart it gets. */
function newCartId(): string {
  return randomBytes(16).toString('base64url');
}

async function getCartItem(cartId: string): Promise<CartItem | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: cartKeys(cartId), ConsistentRead: true }),
  );
  return Item as CartItem | undefined;
}

/** Concurrent creators of one session that lost the claim retry this often before giving up with a 409. */
const CREATE_ATTEMPTS = 5;

/**
 * Creates the visitor's cart and claims it as their session's newest, in one transaction conditioned
 * on the claim still naming the cart seen before. The session's claimed cart is taken instead when it
 * is active, not idle and the visitor's own: a concurrent first add of the same session created it
 * (the indexes the decision read may not show it yet). A cart that moved on to someone else is
 * never handed out.
 */
async function create(visitor: Visitor, now: Date): Promise<string> {
  for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt += 1) {
    const claim = await documentClient().send(
      new GetCommand({ TableName: table(), Key: sessionCartClaimKeys(visitor.sessionId), ConsistentRead: true }),
    );
    const claimedId = claim.Item?.cartId as string | undefined;
    if (claimedId) {
      const claimed = await getCartItem(claimedId);
      if (
        claimed &&
        claimed.status === 'active' &&
        belongsTo(candidateOf(claimed), visitor) &&
        !isIdle(candidateOf(claimed), now)
      )
        return claimedId;
    }
    const cartId = newCartId();
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table(),
                Item: {
                  ...cartKeys(cartId),
                  ...cartSessionIndexKeys(visitor.sessionId, cartId),
                  ...(visitor.clientId
                    ? { ...cartClientIndexKeys(visitor.clientId, cartId), clientId: visitor.clientId }
                    : {}),
                  ...activeCartIndexKeys(now.toISOString()),
                  type: 'Cart',
                  cartId,
                  status: 'active',
                  sessionId: visitor.sessionId,
                  createdAt: now.toISOString(),
                  updatedAt: now.toISOString(),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: table(),
                Item: {
                  ...sessionCartClaimKeys(visitor.sessionId),
                  type: 'SessionCartClaim',
                  cartId,
                  claimedAt: now.toISOString(),
                },
                ConditionExpression: claimedId ? 'cartId = :claimed' : 'attribute_not_exists(pk)',
                ...(claimedId ? { ExpressionAttributeValues: { ':claimed': claimedId } } : {}),
              },
            },
          ],
        }),
      );
      return cartId;
    } catch (error) {
      if ((error as { name?: string })?.name !== 'TransactionCanceledException') throw error;
    }
  }
  throw cartChanged();
}

/**
 * The visitor's cart by the four steps of domain/cart/lifecycle.ts, or null when there is none and
 * `create` is false (the badge counts without creating carts).
 */
export async function resolveCart(visitor: Visitor, now: Date, options: { create: true }): Promise<string>;
export async function resolveCart(visitor: Visitor, now: Date, options: { create: false }): Promise<string | null>;
export async function resolveCart(visitor: Visitor, now: Date, options: { create: boolean }): Promise<string | null> {
  return (await resolve(visitor, now, options.create)).cartId;
}

/** The visitor's cart, created when there is none, and how many items a sign-in merge brought back into it by this call. */
export async function loadCart(visitor: Visitor, now: Date): Promise<{ cartId: string; broughtBack: number }> {
  const { cartId, broughtBack } = await resolve(visitor, now, true);
  return { cartId: cartId!, broughtBack };
}

async function resolve(
  visitor: Visitor,
  now: Date,
  createMissing: boolean,
): Promise<{ cartId: string | null; broughtBack: number }> {
  const decision = decideCartLoad(await candidates(visitor, now), visitor, now);
  if (decision.kind === 'create' && !createMissing) {
    await Promise.all(decision.abandon.map((cart) => abandon(cart.id, 'idle', now)));
    return { cartId: null, broughtBack: 0 };
  }
  await Promise.all(decision.abandon.map((cart) => abandon(cart.id, isIdle(cart, now) ? 'idle' : 'replaced', now)));
  switch (decision.kind) {
    case 'reuse': {
      if (decision.attachSession || decision.attachClient) {
        await activate(
          decision.cart,
          visitor,
          { attachSession: decision.attachSession, attachClient: decision.attachClient, revive: false },
          now,
        );
      }
      const broughtBack = decision.merge ? await mergeAbandoned(decision.merge, decision.cart.id, visitor, now) : 0;
      return { cartId: decision.cart.id, broughtBack };
    }
    case 'revive':
      await activate(
        decision.cart,
        visitor,
        { attachSession: decision.cart.sessionId !== visitor.sessionId, attachClient: false, revive: true },
        now,
      );
      return { cartId: decision.cart.id, broughtBack: 0 };
    case 'create':
      return { cartId: await create(visitor, now), broughtBack: 0 };
  }
}

/**
 * Brings the client's abandoned cart into their cart at sign-in (domain/cart/lifecycle.ts): the
 * abandoned cart first becomes `merged`, conditioned on still being this client's abandoned cart
 * (decision 0008), so of concurrent loads one merges and none revives it later; then each of its
 * lines is added to the target's. Returns how many items (total quantity) came back.
 */
async function mergeAbandoned(from: CartCandidate, intoCartId: string, visitor: Visitor, now: Date): Promise<number> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: cartKeys(from.id),
        UpdateExpression: 'SET #status = :merged, mergedAt = :now, mergedIntoCartId = :into',
        ConditionExpression: '#status = :abandoned AND clientId = :client',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':merged': 'merged',
          ':abandoned': 'abandoned',
          ':client': visitor.clientId,
          ':now': now.toISOString(),
          ':into': intoCartId,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return 0;
    throw error;
  }
  const lines = (await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': cartKeys(from.id).pk, ':prefix': CART_LINE_SK_PREFIX },
    ConsistentRead: true,
  })) as StoredLine[];
  await touchOwned(intoCartId, visitor, now);
  for (const line of lines) await mergeLine(intoCartId, line, now);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Tries at merging one line before giving up: each retry follows a concurrent change of the same line. */
const MERGE_LINE_ATTEMPTS = 3;

/**
 * Adds a saved line's quantity to the target's line of the same blind for the same room, capped at
 * the line maximum: an atomic add while it fits, otherwise the maximum, each conditioned so a
 * concurrent change of the line is never overwritten unseen.
 */
async function mergeLine(cartId: string, line: StoredLine, now: Date): Promise<void> {
  const key = cartLineKeys(cartId, line.lineId);
  for (let attempt = 1; attempt <= MERGE_LINE_ATTEMPTS; attempt += 1) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: [
            'ADD quantity :quantity',
            'SET #type = :type, lineId = :lineId, configuration = if_not_exists(configuration, :configuration),',
            'addedAt = if_not_exists(addedAt, :addedAt), addedUnitCents = if_not_exists(addedUnitCents, :unitCents), updatedAt = :now',
            line.roomLabel ? ', roomLabel = :roomLabel' : '',
          ].join(' '),
          ConditionExpression: 'attribute_not_exists(quantity) OR quantity <= :roomLeft',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':quantity': line.quantity,
            ':roomLeft': MAX_QUANTITY - line.quantity,
            ':type': 'CartLine',
            ':lineId': line.lineId,
            ':configuration': line.configuration,
            ':addedAt': line.addedAt,
            ':unitCents': line.addedUnitCents,
            ':now': now.toISOString(),
            ...(line.roomLabel ? { ':roomLabel': line.roomLabel } : {}),
          },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: 'SET quantity = :max, updatedAt = :now',
          ConditionExpression: 'quantity > :roomLeft',
          ExpressionAttributeValues: {
            ':max': MAX_QUANTITY,
            ':roomLeft': MAX_QUANTITY - line.quantity,
            ':now': now.toISOString(),
          },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw cartChanged();
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
  if (!cart || !belongsTo(candidateOf(cart), visitor)) throw cartChanged();
  lines.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.lineId.localeCompare(b.lineId));
  return { status: cart.status, lines, updatedAt: cart.updatedAt, checkoutOrderId: cart.checkoutOrderId ?? null };
}

/** The cart item and its lines, in one consistent query of the cart's partition. */
async function cartWithLines(cartId: string): Promise<{ cart: CartItem | undefined; lines: StoredLine[] }> {
  const lines: StoredLine[] = [];
  let cart: CartItem | undefined;
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': cartKeys(cartId).pk },
    ConsistentRead: true,
  });
  for (const item of items) {
    if (item.sk === cartKeys(cartId).sk) cart = item as CartItem;
    else lines.push(item as StoredLine);
  }
  return { cart, lines };
}

/** The line of a configuration for a room: a hash of its canonical key, the same for every add of the same blind for the same room. */
export function lineIdOf(configuration: Configuration, roomLabel: string | null): string {
  return createHash('sha256').update(lineKey(configuration, roomLabel)).digest('base64url').slice(0, 22);
}

/** The cart is gone from under the caller: abandoned at sign-out in another window, or no longer theirs. */
class CartChanged extends HttpError {
  constructor() {
    super(409, 'Your cart changed in another window. Please reload the page and try again.');
  }
}

function cartChanged(): HttpError {
  return new CartChanged();
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
 * Records activity on the cart, refused unless the cart is active and the visitor's at this moment:
 * every write of a cart's lines goes through here first.
 */
async function touchOwned(cartId: string, visitor: Visitor, now: Date): Promise<void> {
  const owned = ownedByCondition(visitor);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: cartKeys(cartId),
        // gsi3sk follows the activity; only active carts carry gsi3pk, so the sweep sees the new time.
        UpdateExpression: 'SET updatedAt = :now, gsi3sk = :now',
        ConditionExpression: owned.condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ...owned.values },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw cartChanged();
    throw error;
  }
}

export const LINE_QUANTITY_MESSAGE = `A cart line holds at most ${MAX_QUANTITY.toLocaleString('en-US')} blinds.`;

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
  const lineId = lineIdOf(configuration, roomLabel);
  const { quantity: _quantity, ...blind } = configuration;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: cartLineKeys(cartId, lineId),
        UpdateExpression: [
          'ADD quantity :quantity',
          'SET #type = :type, lineId = :lineId, configuration = if_not_exists(configuration, :configuration),',
          'addedAt = if_not_exists(addedAt, :now), addedUnitCents = :unitCents, updatedAt = :now',
          roomLabel ? ', roomLabel = :roomLabel' : '',
        ].join(' '),
        ConditionExpression: 'attribute_not_exists(quantity) OR quantity <= :roomLeft',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':quantity': quantity,
          ':roomLeft': MAX_QUANTITY - quantity,
          ':type': 'CartLine',
          ':lineId': lineId,
          ':configuration': { ...blind, quantity: 1 },
          ':now': now.toISOString(),
          ':unitCents': unitCents,
          ...(roomLabel ? { ':roomLabel': roomLabel } : {}),
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new HttpError(400, LINE_QUANTITY_MESSAGE, { 'configuration.quantity': LINE_QUANTITY_MESSAGE });
    throw error;
  }
  // A payment may have bought the cart empty between the first touch and the line (takeOrderOutOfCart):
  // then the add is refused, and addToVisitorsCart makes it again on the cart a fresh resolve gives.
  await touchOwned(cartId, visitor, now);
  return lineId;
}

/**
 * Adds to the visitor's cart, resolved now. A cart that stops being the visitor's active cart
 * between the resolve and the write (purchased as their payment lands, abandoned at sign-out in
 * another window) is refused before any line is written, so the add is made once more on the cart
 * a fresh resolve gives.
 */
export async function addToVisitorsCart(
  visitor: Visitor,
  configuration: Configuration,
  quantity: number,
  unitCents: number,
  roomLabel: string | null,
  now: Date,
): Promise<{ cartId: string; lineId: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const cartId = await resolveCart(visitor, now, { create: true });
    try {
      return { cartId, lineId: await addToLine(cartId, visitor, configuration, quantity, unitCents, roomLabel, now) };
    } catch (error) {
      if (!(error instanceof CartChanged) || attempt === 2) throw error;
    }
  }
}

function lineNotFound(): HttpError {
  return new HttpError(404, 'This item is no longer in your cart.');
}

export async function setLineQuantity(
  cartId: string,
  visitor: Visitor,
  lineId: string,
  quantity: number,
  now: Date,
): Promise<void> {
  await touchOwned(cartId, visitor, now);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: cartLineKeys(cartId, lineId),
        UpdateExpression: 'SET quantity = :quantity, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':quantity': quantity, ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw lineNotFound();
    throw error;
  }
}

export async function removeLine(cartId: string, visitor: Visitor, lineId: string, now: Date): Promise<void> {
  await touchOwned(cartId, visitor, now);
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: cartLineKeys(cartId, lineId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw lineNotFound();
    throw error;
  }
}

export async function clearLines(cartId: string, visitor: Visitor, now: Date): Promise<void> {
  await touchOwned(cartId, visitor, now);
  const { lines } = await readCart(cartId, visitor);
  await deleteItems(
    table(),
    lines.map((line) => cartLineKeys(cartId, line.lineId)),
  );
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
) {
  const owned = ownedByCondition(visitor);
  const sameReference =
    read.checkoutOrderId === null ? 'attribute_not_exists(checkoutOrderId)' : 'checkoutOrderId = :readCheckoutOrderId';
  return {
    Update: {
      TableName: table(),
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
) {
  const owned = ownedByCondition(visitor);
  return {
    Update: {
      TableName: table(),
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
 * the order not having been taken out yet (the cart keeps the orders taken out of it), so a retried
 * run of the after-payment steps takes nothing twice.
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
    const lineWrites: TransactItem[] = [];
    for (const { lineId, quantity } of ordered) {
      const read = left.get(lineId);
      if (read === undefined) continue;
      const key = { TableName: table(), Key: cartLineKeys(currentId, lineId), ConditionExpression: 'quantity = :read' };
      if (read <= quantity) {
        left.delete(lineId);
        lineWrites.push({ Delete: { ...key, ExpressionAttributeValues: { ':read': read } } });
      } else {
        const values = { ':read': read, ':left': read - quantity, ':now': now.toISOString() };
        lineWrites.push({
          Update: {
            ...key,
            UpdateExpression: 'SET quantity = :left, updatedAt = :now',
            ExpressionAttributeValues: values,
          },
        });
      }
    }
    const emptied = left.size === 0;
    const set = [
      'updatedAt = :now',
      ...(emptied
        ? ['#status = :purchased', 'purchasedAt = :now', 'purchasedWithOrderId = :orderId']
        : cart.status === 'active'
          ? ['gsi3sk = :now']
          : []),
    ];
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table(),
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
            },
            ...lineWrites,
          ],
        }),
      );
      return;
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
    }
  }
  throw new Error(`Cart ${cartId} kept changing while order ${orderId} was taken out of it`);
}
