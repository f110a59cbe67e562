/**
 * Blinds added to a cart by the server in one request (a property's windows, an order bought again,
 * a punch-out buyer's cart put back): priced here with today's grids, at the client's contract
 * price where they have one, as the cart will show it, or at the punch-out buyer's own prices.
 * Prices a browser previewed are never read.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import type { Configuration } from '#domain/pricing/configuration';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents } from '#domain/pricing/price-list';
import { CART_MESSAGES } from '#domain/cart/errors';
import { CartItemsAdded } from '#events/cart';
import type { EventDetail } from '#events/declaration';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { publish } from '../lib/events';
import { resolveCart } from './cart-lifecycle-store';
import { addLines, lineIdOf, type BlindLine, type Visitor } from './cart-store';

export interface BlindToAdd {
  configuration: Configuration;
  roomLabel: string | null;
}

/** What was added (by the index of the blind asked for, with its cart line) and what could not be, with the reason. */
export interface PricedAdds {
  added: Array<{ index: number; quantity: number; unitCents: number; lineId: string }>;
  failures: Array<{ index: number; message: string }>;
}

/** A blind whose unit price is settled, with its index among the blinds asked for. */
export interface BlindAtPrice extends BlindToAdd {
  index: number;
  quantity: number;
  unitCents: number;
}

/**
 * Prices every blind with today's grids (at the client's contract price) and adds those that price,
 * in the order asked (addBlindsAtPrices). No cart is made when nothing prices.
 */
export async function addPricedBlinds(
  visitor: Visitor & { clientId: string },
  blinds: readonly BlindToAdd[],
  now: Date,
): Promise<PricedAdds> {
  const [{ grids }, priceList] = await Promise.all([
    loadCurrentGrids(),
    clientPriceListInEffect(visitor.clientId, now),
  ]);
  const today = shopDateAt(now);
  const priced: BlindAtPrice[] = [];
  const unpriced: PricedAdds['failures'] = [];
  for (const [index, blind] of blinds.entries()) {
    const quote = priceConfiguration(blind.configuration, grids);
    if (!quote.ok) unpriced.push({ index, message: quote.error.message });
    else
      priced.push({
        ...blind,
        index,
        quantity: quote.quantity,
        unitCents: contractUnitCents(quote.unitCents, quote, priceList, today),
      });
  }
  const { added, failures } = await addBlindsAtPrices(visitor, priced, now);
  return { added, failures: [...unpriced, ...failures].sort((a, b) => a.index - b.index) };
}

/**
 * Adds blinds at prices already settled (priced here, or a punch-out buyer's own) with one
 * CartItemsAdded. Blinds of the same size and room label are one line, whose quantity adds up, at
 * the first one's price. The lines are written together (addLines: the cart checked once before
 * and once after, the lines in parallel), each a millisecond after the one before it, so the cart,
 * which lists lines by the time they were added, keeps the order asked: a 1,000-window order is ~70
 * round trips of parallel writes rather than 4,000 calls one after the other, and one event rather
 * than 1,000. A line refused for passing the per-line maximum fails its blinds with the cart's
 * reason. No cart is made when there is nothing to add.
 */
export async function addBlindsAtPrices(
  visitor: Visitor,
  blinds: readonly BlindAtPrice[],
  now: Date,
): Promise<PricedAdds> {
  const result: PricedAdds = { added: [], failures: [] };
  const lines = new Map<string, BlindLine & { blinds: Array<{ index: number; quantity: number }> }>();
  for (const blind of blinds) {
    const key = lineIdOf(blind.configuration, blind.roomLabel);
    const line = lines.get(key);
    if (line) {
      line.quantity += blind.quantity;
      line.blinds.push({ index: blind.index, quantity: blind.quantity });
    } else {
      lines.set(key, {
        configuration: blind.configuration,
        roomLabel: blind.roomLabel,
        quantity: blind.quantity,
        unitCents: blind.unitCents,
        addedAt: new Date(now.getTime() + lines.size),
        blinds: [{ index: blind.index, quantity: blind.quantity }],
      });
    }
  }
  if (lines.size === 0) return result;

  const cartId = await resolveCart(visitor, now, { create: true });
  const toAdd = [...lines.values()];
  const lineIds = await addLines(cartId, visitor, toAdd, now);
  const lineEvents: EventDetail<typeof CartItemsAdded>['lines'] = [];
  for (const [position, line] of toAdd.entries()) {
    const lineId = lineIds[position];
    if (!lineId) {
      result.failures.push(...line.blinds.map(({ index }) => ({ index, message: CART_MESSAGES.lineQuantity })));
      continue;
    }
    result.added.push(
      ...line.blinds.map(({ index, quantity }) => ({ index, quantity, unitCents: line.unitCents, lineId })),
    );
    lineEvents.push({
      lineId,
      family: line.configuration.family,
      series: line.configuration.series,
      quantityAdded: line.quantity,
      unitCents: line.unitCents,
    });
  }
  if (lineEvents.length > 0)
    await publish(CartItemsAdded, {
      cartId,
      clientId: visitor.clientId,
      lines: lineEvents,
      addedAt: now.toISOString(),
    });
  result.added.sort((a, b) => a.index - b.index);
  result.failures.sort((a, b) => a.index - b.index);
  return result;
}
