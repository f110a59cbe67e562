/**
 * Which cart a visitor gets, in the table (see functions/lib/table/README.md): domain/cart/lifecycle.ts
 * decides from the candidates read here, and this module writes the decision (reuse, attach, revive,
 * merge, abandon, create). An active cart carries the sparse gsi3 entry keyed by its last activity,
 * which the idle-cart sweep queries (docs/decisions/0007-idle-cart-sweep.md); carts have no TTL.
 * A cart's lines: cart-store.ts.
 */
import { randomBytes } from 'node:crypto';
import { CartChanged } from '#domain/cart/errors';
import {
  belongsTo,
  decideCartLoad,
  idleSince,
  isIdle,
  withinRevival,
  type CartCandidate,
} from '#domain/cart/lifecycle';
import type { Configuration } from '#domain/pricing/configuration';
import { CartAbandoned } from '#events/cart';
import type { EventDetail } from '#events/declaration';
import { publish } from '../lib/events';
import { countAll, getItem, queryAll, queryPage, tryConditional, updateItem } from '../lib/table/items';
import {
  ACTIVE_CARTS_PARTITION,
  activeCartIndexKeys,
  CART_INDEX_SK_PREFIX,
  CART_LINE_SK_PREFIX,
  cartClientIndexKeys,
  cartKeys,
  cartSessionIndexKeys,
  sessionCartClaimKeys,
} from '../lib/table/keys/cart';
import { transact } from '../lib/table/transaction';
import {
  addToLine,
  candidateOf,
  linesOf,
  mergeLine,
  readCartItem,
  touchOwned,
  type CartItem,
  type Visitor,
} from './cart-store';

async function queryIndex(index: 'gsi1' | 'gsi2', partition: string): Promise<CartItem[]> {
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
    ExpressionAttributeValues: { ':pk': partition, ':prefix': CART_INDEX_SK_PREFIX },
  });
  return items as CartItem[];
}

function lineCount(cartId: string): Promise<number> {
  return countAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': cartKeys(cartId).pk, ':prefix': CART_LINE_SK_PREFIX },
    ConsistentRead: true,
  });
}

/** The session's and the client's carts; lines are counted only where the decision needs them (a cart within revival). */
async function candidates(visitor: Visitor, now: Date): Promise<CartCandidate[]> {
  const [sessionCarts, clientCarts] = await Promise.all([
    queryIndex('gsi1', cartSessionIndexKeys(visitor.sessionId, '').gsi1pk),
    visitor.clientId ? queryIndex('gsi2', cartClientIndexKeys(visitor.clientId, '').gsi2pk) : Promise.resolve([]),
  ]);
  return Promise.all(
    [...sessionCarts, ...clientCarts].map(async (item) => {
      const candidate = candidateOf(item);
      return withinRevival(candidate, visitor.clientId, now)
        ? { ...candidate, itemCount: await lineCount(item.cartId) }
        : candidate;
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
  const abandoning = updateItem({
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
  });
  if (!(await tryConditional(abandoning))) return false;
  const old = (await abandoning) as CartItem;
  await publish(CartAbandoned, {
    cartId,
    clientId: old.clientId ?? null,
    reason,
    lastUpdatedAt: old.updatedAt,
    abandonedAt: now.toISOString(),
  });
  return true;
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

/** Carts abandoned concurrently per page, which bounds the sweep's parallel writes. */
const SWEEP_PAGE_SIZE = 100;

/**
 * The idle-cart sweep: active carts whose last activity is 24 hours before `now` or older, found
 * through the sparse gsi3 (no Scan), each abandoned only if still active and still idle. The index
 * is eventually consistent; the condition makes a stale entry harmless.
 */
export async function abandonIdleCarts(now: Date): Promise<number> {
  let abandoned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(
      {
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :idleSince',
        ExpressionAttributeValues: { ':pk': ACTIVE_CARTS_PARTITION, ':idleSince': idleSince(now).toISOString() },
        ProjectionExpression: 'cartId',
        Limit: SWEEP_PAGE_SIZE,
      },
      start,
    );
    const outcomes = await Promise.all(page.items.map((item) => abandon(String(item.cartId), 'idle', now)));
    abandoned += outcomes.filter(Boolean).length;
    start = page.lastKey;
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
  await updateItem({
    Key: cartKeys(cart.id),
    UpdateExpression: `SET ${set.join(', ')}`,
    ConditionExpression: changes.attachClient
      ? '#status = :expected AND attribute_not_exists(clientId)'
      : '#status = :expected',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: values,
  });
}

/** A new cart's id: random, so nothing a caller sends or knows decides which cart it gets. */
function newCartId(): string {
  return randomBytes(16).toString('base64url');
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
    const claim = await getItem(sessionCartClaimKeys(visitor.sessionId), { consistent: true });
    const claimedId = claim?.cartId as string | undefined;
    if (claimedId) {
      const claimed = await readCartItem(claimedId);
      if (
        claimed &&
        claimed.status === 'active' &&
        belongsTo(candidateOf(claimed), visitor) &&
        !isIdle(candidateOf(claimed), now)
      )
        return claimedId;
    }
    const cartId = newCartId();
    const created = await transact({
      cart: {
        Put: {
          Item: {
            ...cartKeys(cartId),
            ...cartSessionIndexKeys(visitor.sessionId, cartId),
            ...(visitor.clientId
              ? { ...cartClientIndexKeys(visitor.clientId, cartId), clientId: visitor.clientId }
              : {}),
            ...activeCartIndexKeys(now.toISOString()),
            entity: 'cart',
            cartId,
            status: 'active',
            sessionId: visitor.sessionId,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      claim: {
        Put: {
          Item: {
            ...sessionCartClaimKeys(visitor.sessionId),
            entity: 'sessionCartClaim',
            cartId,
            claimedAt: now.toISOString(),
          },
          ConditionExpression: claimedId ? 'cartId = :claimed' : 'attribute_not_exists(pk)',
          ...(claimedId ? { ExpressionAttributeValues: { ':claimed': claimedId } } : {}),
        },
      },
    });
    if (created.committed) return cartId;
  }
  throw new CartChanged();
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
  const merged = await tryConditional(
    updateItem({
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
  if (!merged) return 0;
  const lines = await linesOf(from.id);
  await touchOwned(intoCartId, visitor, now);
  for (const line of lines) await mergeLine(intoCartId, line, now);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
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
