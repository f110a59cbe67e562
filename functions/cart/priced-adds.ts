/**
 * Blinds added to a signed-in client's cart by the server in one request (a property's windows, an
 * order bought again): each priced here with today's grids, at the client's contract price where
 * they have one, as the cart will show it. Prices a browser previewed are never read.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import type { Configuration } from '#domain/pricing/configuration';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents } from '#domain/pricing/price-list';
import { CartItemAdded } from '#events/catalog';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { publish } from '../lib/events';
import { resolveCart } from './cart-lifecycle-store';
import { addToLine, type Visitor } from './cart-store';

export interface BlindToAdd {
  configuration: Configuration;
  roomLabel: string | null;
}

/** What was added (by the index of the blind asked for) and what could not be priced, with the engine's reason. */
export interface PricedAdds {
  added: Array<{ index: number; quantity: number; unitCents: number }>;
  failures: Array<{ index: number; message: string }>;
}

/**
 * Prices every blind and adds those that price, in the order asked, each with its CartItemAdded.
 * One line at a time: two blinds of the same size and room label are one line, and its quantity
 * adds up. Each is added a millisecond after the one before it, so the cart, which lists lines by
 * the time they were added, keeps the order asked. No cart is made when nothing prices.
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
  const result: PricedAdds = { added: [], failures: [] };
  const addable: Array<BlindToAdd & { index: number; quantity: number; unitCents: number }> = [];
  for (const [index, blind] of blinds.entries()) {
    const quote = priceConfiguration(blind.configuration, grids);
    if (!quote.ok) result.failures.push({ index, message: quote.error.message });
    else
      addable.push({
        ...blind,
        index,
        quantity: quote.quantity,
        unitCents: contractUnitCents(quote.unitCents, quote, priceList, today),
      });
  }
  if (addable.length === 0) return result;

  const cartId = await resolveCart(visitor, now, { create: true });
  for (const [order, { index, configuration, roomLabel, quantity, unitCents }] of addable.entries()) {
    const lineId = await addToLine(
      cartId,
      visitor,
      configuration,
      quantity,
      unitCents,
      roomLabel,
      new Date(now.getTime() + order),
    );
    await publish(CartItemAdded, {
      cartId,
      lineId,
      clientId: visitor.clientId,
      family: configuration.family,
      series: configuration.series,
      quantityAdded: quantity,
      unitCents,
      addedAt: now.toISOString(),
    });
    result.added.push({ index, quantity, unitCents });
  }
  return result;
}
