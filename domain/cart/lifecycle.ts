/**
 * Which cart a visitor gets when the cart is loaded, in four steps: the client's active cart, else
 * the session's active cart, else the client's abandoned cart revived, else a new one. A pure
 * decision over the candidate carts (the session's and the signed-in client's), with the clock
 * passed in. The handler reads the candidates, asks here, then writes what was decided.
 */
import type { CartStatus } from './view';

/** Active carts idle this long are abandoned; abandoned carts updated within it can be revived. */
export const CART_IDLE_MS = 24 * 60 * 60 * 1000;
export const ABANDONED_CART_REVIVAL_MS = CART_IDLE_MS;

export interface CartCandidate {
  id: string;
  status: CartStatus;
  clientId: string | null;
  sessionId: string | null;
  /** Last change of the cart's content or ownership. Abandoning does not move it, so the revival window counts from the shopper's last activity. */
  updatedAt: string;
  itemCount: number;
}

export type CartLoadDecision =
  | {
      kind: 'reuse';
      cart: CartCandidate;
      attachSession: boolean;
      attachClient: boolean;
      merge: CartCandidate | null;
      abandon: CartCandidate[];
    }
  | { kind: 'revive'; cart: CartCandidate; abandon: CartCandidate[] }
  | { kind: 'create'; abandon: CartCandidate[] };

/** An active cart last updated at or before this moment is idle. */
export function idleSince(now: Date): Date {
  return new Date(now.getTime() - CART_IDLE_MS);
}

export function isIdle(cart: CartCandidate, now: Date): boolean {
  return cart.status === 'active' && now.getTime() - Date.parse(cart.updatedAt) >= CART_IDLE_MS;
}

/**
 * The client's abandoned cart updated within the revival window: it comes back if it holds items,
 * so a store counts the lines of these carts only.
 */
export function withinRevival(
  cart: Pick<CartCandidate, 'clientId' | 'status' | 'updatedAt'>,
  clientId: string | null,
  now: Date,
): boolean {
  return (
    clientId !== null &&
    cart.clientId === clientId &&
    cart.status === 'abandoned' &&
    now.getTime() - Date.parse(cart.updatedAt) < ABANDONED_CART_REVIVAL_MS
  );
}

/** The client's abandoned cart that can still come back: theirs, with items, updated within the revival window. */
function isRevivable(cart: CartCandidate, clientId: string | null, now: Date): boolean {
  return withinRevival(cart, clientId, now) && cart.itemCount > 0;
}

/** The toast of a sign-in that merged an abandoned cart into the session's (issue 14). */
export function broughtBackMessage(itemCount: number): string {
  return `We brought back ${itemCount} ${itemCount === 1 ? 'item' : 'items'} from your last visit`;
}

function newestFirst(a: CartCandidate, b: CartCandidate): number {
  return Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.id.localeCompare(b.id);
}

/**
 * Whose cart it is: a client's cart belongs to that client alone, wherever they shop from; a cart
 * of no client belongs to the shopping session that holds it. Every read and write of a cart asks
 * this (the table's writes as a condition), at the moment of the call.
 */
export function belongsTo(
  cart: Pick<CartCandidate, 'clientId' | 'sessionId'>,
  visitor: { sessionId: string; clientId: string | null },
): boolean {
  if (cart.clientId !== null) return visitor.clientId !== null && cart.clientId === visitor.clientId;
  return cart.sessionId === visitor.sessionId;
}

/**
 * A guest only ever sees their session's carts that belong to no client; a signed-in client sees
 * their own carts and their session's carts that belong to no one else. Carts of other clients
 * never reach the decision.
 */
export function decideCartLoad(
  candidates: readonly CartCandidate[],
  visitor: { sessionId: string; clientId: string | null },
  now: Date,
): CartLoadDecision {
  const seen = new Map<string, CartCandidate>();
  for (const cart of candidates) {
    if (belongsTo(cart, visitor)) seen.set(cart.id, cart);
  }
  const carts = [...seen.values()].sort(newestFirst);
  const idle = carts.filter((cart) => isIdle(cart, now));
  const live = carts.filter((cart) => cart.status === 'active' && !isIdle(cart, now));

  const clientActive = live.find((cart) => visitor.clientId !== null && cart.clientId === visitor.clientId);
  if (clientActive) {
    return {
      kind: 'reuse',
      cart: clientActive,
      attachSession: clientActive.sessionId !== visitor.sessionId,
      attachClient: false,
      merge: null,
      abandon: idle,
    };
  }

  const revivable = carts.find((cart) => isRevivable(cart, visitor.clientId, now));

  /*
   * Beyond the spec's rule (issue 14, decision 0008 addendum): at sign-in, when the session's guest
   * cart becomes the client's, the client's cart abandoned within the revival window is merged into
   * it (same blind for the same room: quantities add, capped at the line maximum) and marked
   * `merged`, so it comes back once. The rule alone would leave it behind for good.
   */
  const sessionActive = live.find((cart) => cart.sessionId === visitor.sessionId);
  if (sessionActive) {
    const attachClient = visitor.clientId !== null && sessionActive.clientId === null;
    return {
      kind: 'reuse',
      cart: sessionActive,
      attachSession: false,
      attachClient,
      merge: attachClient ? (revivable ?? null) : null,
      abandon: idle,
    };
  }

  if (revivable) return { kind: 'revive', cart: revivable, abandon: idle };

  return {
    kind: 'create',
    abandon: carts.filter(
      (cart) => (cart.status === 'active' && cart.sessionId === visitor.sessionId) || isIdle(cart, now),
    ),
  };
}
