import { describe, expect, it } from 'vitest';
import { lineTitle } from '../cart/line';
import { defaultConfiguration } from '../pricing/configuration';
import {
  alreadyClaimedMessage,
  blindNameOf,
  decideReturnTransition,
  decideTerms,
  refundCentsOf,
  RETURN_LIFECYCLE,
  RETURN_MESSAGES,
  returnRequestSchema,
} from './return-request';
import { stateMachineProblems } from '../state-machine';

const day = 24 * 3600 * 1000;
const now = new Date('2026-11-23T12:00:00Z');
const line = (position: number, quantity: number, unitCents: number, family = 'faux-wood-blinds') =>
  ({ position, quantity, unitCents, family }) as never;
const order = {
  status: 'delivered' as const,
  deliveredAt: new Date(now.getTime() - 10 * day).toISOString(),
  lines: [line(1, 12, 5000), line(2, 1, 10000)],
  totals: { subtotalCents: 70000, discountCents: 0, discounts: [], taxCents: 5600 } as never,
};
const terms = (request: Parameters<typeof decideTerms>[1], context = { now, remakeTaken: false }) =>
  decideTerms(order, request, context);

describe('the Returns page’s terms', () => {
  it('accepts a damaged blind returned and a blind that does not fit remade, within 30 days', () => {
    expect(terms({ kind: 'return', reason: 'damaged', lines: [{ position: 2, quantity: 1 }] })).toEqual({ ok: true });
    expect(terms({ kind: 'remake', reason: 'tooWide', lines: [{ position: 1, quantity: 10 }] })).toEqual({ ok: true });
    expect(
      decideTerms(
        order,
        { kind: 'return', reason: 'damaged', lines: [{ position: 2, quantity: 1 }] },
        { now: new Date(now.getTime() + 20 * day + 1), remakeTaken: false },
      ),
    ).toEqual({
      ok: false,
      reason: RETURN_MESSAGES.windowPassed,
    });
  });

  it('refuses a change of mind, a fit problem as a return, 11 blinds or a second remake, and lines the order does not have', () => {
    expect(terms({ kind: 'return', reason: 'changedMind', lines: [{ position: 1, quantity: 1 }] })).toMatchObject({
      ok: false,
      reason: RETURN_MESSAGES.excludedReason,
      field: 'reason',
    });
    expect(terms({ kind: 'return', reason: 'tooLong', lines: [{ position: 1, quantity: 1 }] })).toMatchObject({
      ok: false,
      reason: RETURN_MESSAGES.fitIsRemake,
    });
    expect(
      terms({
        kind: 'remake',
        reason: 'tooWide',
        lines: [
          { position: 1, quantity: 10 },
          { position: 2, quantity: 1 },
        ],
      }),
    ).toMatchObject({ ok: false, reason: RETURN_MESSAGES.remakeTooMany });
    expect(
      terms({ kind: 'remake', reason: 'tooWide', lines: [{ position: 2, quantity: 1 }] }, { now, remakeTaken: true }),
    ).toMatchObject({ ok: false, reason: RETURN_MESSAGES.remakeUsed });
    expect(terms({ kind: 'return', reason: 'defective', lines: [{ position: 2, quantity: 2 }] })).toMatchObject({
      ok: false,
      field: 'lines.0.quantity',
    });
    expect(terms({ kind: 'return', reason: 'defective', lines: [{ position: 3, quantity: 1 }] })).toMatchObject({
      ok: false,
      field: 'lines.0.position',
    });
    expect(
      decideTerms(
        { ...order, status: 'shipped', deliveredAt: null },
        { kind: 'return', reason: 'damaged', lines: [{ position: 2, quantity: 1 }] },
        { now, remakeTaken: false },
      ),
    ).toMatchObject({ ok: false, reason: RETURN_MESSAGES.notDelivered });
  });

  it('holds each blind to one request: what other requests hold is not returned or remade again, the blind named', () => {
    const configuration = {
      ...defaultConfiguration('faux-wood-blinds'),
      width: { inches: 35, eighths: 4 },
      length: { inches: 60, eighths: 0 },
    };
    const kitchen = {
      position: 1,
      title: lineTitle(configuration),
      configuration,
      roomLabel: 'Kitchen',
      quantity: 1,
      claimedQuantity: 1,
      unitCents: 5000,
    } as never;
    const named = '“Faux Wood Blinds: Standard, Smooth White (E02), 35 1/2" W x 60" H, Kitchen”';
    expect(blindNameOf(kitchen)).toBe(named.slice(1, -1));
    const request = { kind: 'return' as const, reason: 'damaged' as const, lines: [{ position: 1, quantity: 1 }] };
    expect(decideTerms({ ...order, lines: [kitchen] }, request, { now, remakeTaken: false })).toEqual({
      ok: false,
      reason: `The blind ${named} is already in a return or remake request.`,
    });

    const three = (claimedQuantity?: number) =>
      ({ ...(kitchen as object), roomLabel: null, quantity: 3, claimedQuantity }) as never;
    const unnamedRoom = '“Faux Wood Blinds: Standard, Smooth White (E02), 35 1/2" W x 60" H”';
    expect(
      decideTerms(
        { ...order, lines: [three(1)] },
        { ...request, lines: [{ position: 1, quantity: 2 }] },
        { now, remakeTaken: false },
      ),
    ).toEqual({ ok: true });
    expect(
      decideTerms(
        { ...order, lines: [three(2)] },
        { ...request, lines: [{ position: 1, quantity: 2 }] },
        { now, remakeTaken: false },
      ),
    ).toEqual({
      ok: false,
      reason: `Only 1 of the 3 blinds ${unnamedRoom} can still be returned or remade: the others are already in return or remake requests.`,
    });
    expect(alreadyClaimedMessage(three(3))).toBe(
      `All 3 blinds ${unnamedRoom} are already in return or remake requests.`,
    );
    expect(
      decideTerms(
        { ...order, lines: [three(undefined)] },
        { ...request, lines: [{ position: 1, quantity: 3 }] },
        { now, remakeTaken: false },
      ),
    ).toEqual({ ok: true });
  });

  it('refunds the returned blinds and their share of the tax, nothing for a remake', () => {
    expect(refundCentsOf(order, 'return', [{ position: 2, quantity: 1 }])).toBe(10000 + 800);
    expect(refundCentsOf(order, 'remake', [{ position: 2, quantity: 1 }])).toBe(0);
  });

  it("refunds a discounted order's blinds at what was paid for them: their price less their share of the discount", () => {
    // 13 blinds: 5% off $700.00 is $35.00, tax 8% of $665.00 is $53.20.
    const volume = { kind: 'volume', label: 'Volume discount: 5% off 10+ blinds', cents: 3500 };
    const discounted = {
      ...order,
      totals: { subtotalCents: 70000, discountCents: 3500, discounts: [volume], taxCents: 5320 } as never,
    };
    expect(refundCentsOf(discounted, 'return', [{ position: 2, quantity: 1 }])).toBe(9500 + 760);
    expect(
      refundCentsOf(discounted, 'return', [
        { position: 1, quantity: 12 },
        { position: 2, quantity: 1 },
      ]),
    ).toBe(66500 + 5320);
  });

  it('takes a promotion of some products only off the blinds it was taken off', () => {
    // $600 of faux wood and $100 of roller shades; a $50 code on roller shades only; tax 8% of $650.
    const mixed = {
      ...order,
      lines: [line(1, 12, 5000), line(2, 1, 10000, 'roller-shades')],
      totals: {
        subtotalCents: 70000,
        discountCents: 5000,
        discounts: [{ kind: 'promotion', label: 'Code ROLL: $50.00 off', cents: 5000, families: ['roller-shades'] }],
        taxCents: 5200,
      } as never,
    };
    expect(refundCentsOf(mixed, 'return', [{ position: 1, quantity: 1 }])).toBe(5000 + 400);
    expect(refundCentsOf(mixed, 'return', [{ position: 2, quantity: 1 }])).toBe(5000 + 400);
  });

  it('reads the order by its number and e-mail as tracking does', () => {
    expect(
      returnRequestSchema.parse({
        orderNumber: ' hbb-abcdef ',
        email: ' Ana@Example.COM ',
        kind: 'return',
        reason: 'damaged',
        lines: [{ position: 1, quantity: 1 }],
      }),
    ).toMatchObject({
      orderNumber: 'HBB-ABCDEF',
      email: 'ana@example.com',
      note: '',
      photoIds: [],
    });
  });
});

describe('the lifecycle', () => {
  it('moves by the table only', () => {
    expect(decideReturnTransition({ status: 'requested', kind: 'return' }, 'approve')).toEqual({
      ok: true,
      from: 'requested',
      to: 'approved',
    });
    expect(decideReturnTransition({ status: 'received', kind: 'return' }, 'refund')).toEqual({
      ok: true,
      from: 'received',
      to: 'refunded',
    });
    expect(decideReturnTransition({ status: 'received', kind: 'remake' }, 'refund')).toMatchObject({ ok: false });
    expect(decideReturnTransition({ status: 'requested', kind: 'return' }, 'refund')).toMatchObject({ ok: false });
    expect(decideReturnTransition({ status: 'declined', kind: 'remake' }, 'approve')).toMatchObject({ ok: false });
  });
});

describe('RETURN_LIFECYCLE', () => {
  const at = '2026-11-23T12:00:00.000Z';

  it('is a well-formed table', () => {
    expect(stateMachineProblems(RETURN_LIFECYCLE)).toEqual([]);
  });

  it('refunds on entering refunded and gives the blinds back on entering declined', () => {
    expect(RETURN_LIFECYCLE.move('received', 'refund', { at, by: 'staff-1' }).effect).toBe('refund');
    expect(RETURN_LIFECYCLE.move('requested', 'decline', { at, by: 'staff-1' }).effect).toBe('giveBack');
    expect(RETURN_LIFECYCLE.move('requested', 'approve', { at, by: 'staff-1' }).effect).toBeNull();
  });
});
