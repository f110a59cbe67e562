import { describe, expect, it } from 'vitest';
import { configurationSchema, defaultConfiguration } from '../pricing/configuration';
import { broughtBackMessage, decideCartLoad, withinRevival, type CartCandidate } from './lifecycle';
import { describeLine, lineKey } from './line';
import { isValidSessionId } from './session';
import { billedTotals, cartTotals, estimatedTaxCents } from './totals';

const now = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const SESSION = 'session-aaaaaaaa';
const CLIENT = 'client-1';

function cart(id: string, fields: Partial<CartCandidate>): CartCandidate {
  return { id, status: 'active', clientId: null, sessionId: SESSION, updatedAt: hoursAgo(1), itemCount: 1, ...fields };
}

describe('shopping session id', () => {
  it.each([
    ['a1b2c3d4e5f', true],
    ['3f0c9a4e-7b1d-4e8a-9a52-0d6f3c2b1a90', true],
    ['a1b2c3d4e5', false],
    ['null', false],
    ['undefined', false],
    ['', false],
    ['has spaces in it', false],
    [undefined, false],
  ])('%j is accepted: %s', (value, valid) => {
    expect(isValidSessionId(value)).toBe(valid);
  });
});

describe('loading a cart: the four steps', () => {
  const guest = { sessionId: SESSION, clientId: null };
  const client = { sessionId: SESSION, clientId: CLIENT };

  it('1. reuses the client’s most recent active cart and attaches the current session', () => {
    const older = cart('older', { clientId: CLIENT, sessionId: 'other-session-1', updatedAt: hoursAgo(5) });
    const newer = cart('newer', { clientId: CLIENT, sessionId: 'other-session-2', updatedAt: hoursAgo(2) });
    const guestCart = cart('guest', {});
    const decision = decideCartLoad([older, guestCart, newer], client, now);
    expect(decision).toMatchObject({ kind: 'reuse', cart: { id: 'newer' }, attachSession: true, attachClient: false });
  });

  it('2. otherwise reuses the session’s active cart, attaching the client when it has none', () => {
    expect(decideCartLoad([cart('s', {})], client, now)).toMatchObject({
      kind: 'reuse',
      cart: { id: 's' },
      attachClient: true,
    });
    expect(decideCartLoad([cart('s', {})], guest, now)).toMatchObject({
      kind: 'reuse',
      cart: { id: 's' },
      attachClient: false,
    });
  });

  it('at sign-in, merges the client’s cart abandoned within 24 hours into the session’s guest cart, never another client’s', () => {
    const guestCart = cart('guest', { updatedAt: hoursAgo(0.1) });
    const abandoned = cart('saved', {
      status: 'abandoned',
      clientId: CLIENT,
      sessionId: SESSION,
      updatedAt: hoursAgo(1),
      itemCount: 7,
    });
    expect(decideCartLoad([guestCart, abandoned], client, now)).toMatchObject({
      kind: 'reuse',
      cart: { id: 'guest' },
      attachClient: true,
      merge: { id: 'saved' },
    });
    expect(decideCartLoad([guestCart, { ...abandoned, updatedAt: hoursAgo(25) }], client, now)).toMatchObject({
      merge: null,
    });
    expect(decideCartLoad([guestCart, { ...abandoned, status: 'merged' }], client, now)).toMatchObject({ merge: null });
    expect(decideCartLoad([guestCart, { ...abandoned, clientId: 'client-2' }], client, now)).toMatchObject({
      merge: null,
    });
    expect(decideCartLoad([guestCart, abandoned], guest, now)).toMatchObject({ merge: null });
    const alreadyTheirs = cart('theirs', { clientId: CLIENT });
    expect(decideCartLoad([alreadyTheirs, abandoned], client, now)).toMatchObject({
      cart: { id: 'theirs' },
      merge: null,
    });
  });

  it('tells how many items came back', () => {
    expect(broughtBackMessage(7)).toBe('We brought back 7 items from your last visit');
    expect(broughtBackMessage(1)).toBe('We brought back 1 item from your last visit');
  });

  it('3. otherwise revives the client’s abandoned cart updated within 24 hours that has items', () => {
    const revivable = cart('r', { status: 'abandoned', clientId: CLIENT, updatedAt: hoursAgo(23) });
    expect(decideCartLoad([revivable], client, now)).toMatchObject({ kind: 'revive', cart: { id: 'r' } });
    expect(decideCartLoad([{ ...revivable, updatedAt: hoursAgo(25) }], client, now).kind).toBe('create');
    expect(decideCartLoad([{ ...revivable, itemCount: 0 }], client, now).kind).toBe('create');
    expect(decideCartLoad([{ ...revivable, status: 'purchased' }], client, now).kind).toBe('create');
  });

  it('tells the store whose lines to count: the client’s abandoned carts within the revival window', () => {
    const abandoned = cart('r', { status: 'abandoned', clientId: CLIENT, updatedAt: hoursAgo(23), itemCount: 0 });
    expect(withinRevival(abandoned, CLIENT, now)).toBe(true);
    expect(withinRevival({ ...abandoned, updatedAt: hoursAgo(25) }, CLIENT, now)).toBe(false);
    expect(withinRevival(abandoned, null, now)).toBe(false);
    expect(withinRevival(abandoned, 'client-2', now)).toBe(false);
    expect(withinRevival({ ...abandoned, status: 'active' }, CLIENT, now)).toBe(false);
  });

  it('4. otherwise abandons the session’s other carts and creates a new one', () => {
    const idle = cart('idle', { updatedAt: hoursAgo(24) });
    const purchased = cart('paid', { status: 'purchased' });
    const decision = decideCartLoad([idle, purchased], guest, now);
    expect(decision.kind).toBe('create');
    expect(decision.abandon.map((c) => c.id)).toEqual(['idle']);
  });

  it('treats an active cart idle for 24 hours as abandoned, and a guest never revives one', () => {
    const idle = cart('idle', { updatedAt: hoursAgo(24), clientId: null });
    expect(decideCartLoad([idle], guest, now)).toMatchObject({ kind: 'create', abandon: [{ id: 'idle' }] });
    expect(decideCartLoad([{ ...idle, updatedAt: hoursAgo(23.9) }], guest, now)).toMatchObject({
      kind: 'reuse',
      cart: { id: 'idle' },
    });
  });

  it('never hands a guest a client’s cart, nor a client another client’s', () => {
    const clientCart = cart('theirs', { clientId: 'client-2' });
    expect(decideCartLoad([clientCart], guest, now).kind).toBe('create');
    expect(decideCartLoad([clientCart], client, now).kind).toBe('create');
    expect(decideCartLoad([clientCart], client, now).abandon).toEqual([]);
  });
});

describe('cart lines', () => {
  it('gives one key to the same blind whatever the quantity or key order, and another to a different blind', () => {
    const base = defaultConfiguration('faux-wood-blinds');
    const reordered = configurationSchema.parse(Object.fromEntries(Object.entries({ ...base, quantity: 3 }).reverse()));
    expect(lineKey(reordered, null)).toBe(lineKey(base, null));
    expect(lineKey({ ...base, mount: 'outside' }, null)).not.toBe(lineKey(base, null));
    expect(lineKey({ ...base, width: { inches: 24, eighths: 1 } }, null)).not.toBe(lineKey(base, null));
  });

  it('gives the same blind for another room another key, and for the same room the same one', () => {
    const base = defaultConfiguration('faux-wood-blinds');
    expect(lineKey(base, 'Kitchen')).toBe(lineKey({ ...base, quantity: 2 }, 'Kitchen'));
    expect(lineKey(base, 'Kitchen')).not.toBe(lineKey(base, 'Bedroom'));
    expect(lineKey(base, 'Kitchen')).not.toBe(lineKey(base, null));
  });

  it('spells the configuration out with fractions, mount, colour, options and room', () => {
    const config = configurationSchema.parse({
      ...defaultConfiguration('faux-wood-blinds'),
      width: { inches: 35, eighths: 4 },
      length: { inches: 60, eighths: 6 },
      options: { wandTilt: 'right', holdDown: true },
    });
    expect(describeLine(config, 'Kitchen')).toEqual([
      'Size: 35 1/2" W x 60 3/4" H (window measurement)',
      'Mount: Inside mount',
      expect.stringMatching(/^Color: .+ \(E02\)$/),
      'Wand tilt: Right (no charge)',
      'Hold-down brackets',
      'Room: Kitchen',
    ]);
  });
});

describe('cart totals', () => {
  it('sums price x quantity and estimates tax at 8%, rounded half up to the cent', () => {
    expect(estimatedTaxCents(10_000)).toBe(800);
    expect(estimatedTaxCents(6)).toBe(0);
    expect(estimatedTaxCents(7)).toBe(1);
    expect(
      cartTotals([
        { lineCents: 4140 * 2, quantity: 2, priced: true, family: 'faux-wood-blinds' as const },
        { lineCents: 999, quantity: 1, priced: false, family: 'faux-wood-blinds' as const },
      ]),
    ).toEqual({
      itemCount: 3,
      lineCount: 2,
      subtotalCents: 8280,
      discountCents: 0,
      discounts: [],
      promoCode: null,
      volumeNudge: 'Add 8 more blinds to save 5%',
      estimatedTaxCents: 662,
      estimatedTotalCents: 8942,
    });
  });

  it("takes the volume tier the priced blinds reach off before tax; a contract's prices get no tier and no nudge", () => {
    const lines = [{ lineCents: 4140 * 25, quantity: 25, priced: true, family: 'faux-wood-blinds' as const }];
    expect(cartTotals(lines)).toMatchObject({
      subtotalCents: 103_500,
      discountCents: 10_350,
      discounts: [{ kind: 'volume', label: 'Volume discount: 10% off 25+ blinds', cents: 10_350 }],
      volumeNudge: 'Add 25 more blinds to save 15%',
      estimatedTaxCents: 7452,
      estimatedTotalCents: 100_602,
    });
    expect(cartTotals(lines, true)).toMatchObject({ discountCents: 0, discounts: [], volumeNudge: null });
  });

  it("bills a purchase order at its lines' prices: no tax, and shipping included, so the total is the buyer's order", () => {
    const totals = cartTotals(
      [{ lineCents: 4140 * 3, quantity: 3, priced: true, family: 'wood-blinds' as const }],
      true,
    );
    expect(billedTotals(totals, 'checkout')).toMatchObject({
      billing: 'checkout',
      estimatedTaxCents: 994,
      estimatedTotalCents: 13_414,
      shipping: 'Calculated at checkout',
    });
    expect(billedTotals(totals, 'purchaseOrder')).toMatchObject({
      billing: 'purchaseOrder',
      estimatedTaxCents: 0,
      estimatedTotalCents: 12_420,
      shipping: 'Included',
    });
  });
});
