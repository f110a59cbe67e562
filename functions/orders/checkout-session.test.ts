import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { ESTIMATED_TAX_PERCENT } from '#domain/cart/totals';
import { orderLine } from '../../tests/support/paid-order';
import { checkoutLineItems } from './checkout-session';
import type { StoredOrder } from './order-store';

function orderOf(lines: StoredOrder['lines']): Pick<StoredOrder, 'lines' | 'totals'> {
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
  return {
    lines,
    totals: {
      blindCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalCents,
      discountCents: 0,
      discounts: [],
      taxCents: 1234,
      shippingCents: 0,
      sampleShippingCents: 1500,
      installationCents: 0,
      totalCents: subtotalCents + 1234 + 1500,
    },
  };
}

const sessionTotal = (items: ReturnType<typeof checkoutLineItems>) =>
  items.reduce((sum, item) => sum + item.price_data!.unit_amount! * item.quantity!, 0);

describe('the hosted checkout session of an order', () => {
  it('lists each blind at its unit price when the order fits in a session', () => {
    const order = orderOf([
      orderLine(1, defaultConfiguration('faux-wood-blinds'), 'Unit 101', 2, 4140),
      orderLine(2, defaultConfiguration('wood-blinds'), null, 1, 12000),
    ]);
    const items = checkoutLineItems(order);
    expect(
      items.map((item) => [item.price_data!.product_data!.name, item.price_data!.unit_amount, item.quantity]),
    ).toEqual([
      ['Faux Wood Blinds: Standard', 4140, 2],
      ['Wood Blinds: Smooth Finish', 12000, 1],
      [`Sales tax (${ESTIMATED_TAX_PERCENT}%)`, 1234, 1],
      ['Sample shipping', 1500, 1],
    ]);
    expect(sessionTotal(items)).toBe(order.totals.totalCents);
  });

  it("groups a property's 1,000 blinds by product and series, within 100 items and to the cent", () => {
    const families = ['faux-wood-blinds', 'wood-blinds', 'roller-shades'] as const;
    const lines = Array.from({ length: 1000 }, (_, index) =>
      orderLine(
        index + 1,
        defaultConfiguration(families[index % 3]!),
        `Unit ${100 + (index % 250)}`,
        1 + (index % 2),
        3999 + index,
      ),
    );
    const order = orderOf(lines);
    const items = checkoutLineItems(order);
    expect(items.length).toBeLessThanOrEqual(100);
    expect(sessionTotal(items)).toBe(order.totals.totalCents);
    const fauxWood = items.find((item) => item.price_data!.product_data!.name!.startsWith('Faux Wood Blinds'))!;
    const fauxWoodLines = lines.filter((line) => line.family === 'faux-wood-blinds');
    const blinds = fauxWoodLines.reduce((sum, line) => sum + line.quantity, 0);
    expect(fauxWood.price_data!.product_data!.name).toBe(`Faux Wood Blinds: Standard (${blinds} blinds)`);
    expect(fauxWood.price_data!.unit_amount).toBe(fauxWoodLines.reduce((sum, line) => sum + line.lineCents, 0));
    expect(fauxWood.price_data!.product_data!.description).toMatch(
      new RegExp(`^${blinds} blinds · Rooms: Unit 100, Unit 103`),
    );
    expect(fauxWood.price_data!.product_data!.description!.length).toBeLessThanOrEqual(500);
  });
});
