/**
 * A property's cart: `count` different blinds (a width and a unit window each) put in the visitor's
 * cart (a customer's, or a punch-out buyer's guest cart) through the cart store, as a property's window order does. Adding them one request at a time
 * would measure the cart's answer, which lists every line, a thousand times over. For the tests and
 * the bench of orders at property scale (docs/decisions/0057); the caller's process has the stack's
 * environment.
 */
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { configurationSchema, defaultConfiguration } from '#domain/pricing/configuration';
import { priceConfiguration } from '#domain/pricing/price';
import { resolveCart } from '../../functions/cart/cart-lifecycle-store';
import { addToLine, type Visitor } from '../../functions/cart/cart-store';

const AT_ONCE = 16;

/** The room label of the property's window `index` (from 0): four windows a unit, from Unit 100. */
export const propertyRoomLabel = (index: number) => `Unit ${100 + Math.floor(index / 4)} window ${(index % 4) + 1}`;

export async function fillPropertyCart(visitor: Visitor, count: number): Promise<void> {
  const now = new Date();
  const cartId = await resolveCart(visitor, now, { create: true });
  for (let start = 0; start < count; start += AT_ONCE) {
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, count - start) }, async (_, offset) => {
        const index = start + offset;
        const configuration = configurationSchema.parse({
          ...defaultConfiguration('faux-wood-blinds'),
          width: { inches: 24 + (index % 48), eighths: index % 8 },
          length: { inches: 60, eighths: 0 },
        });
        const priced = priceConfiguration(configuration, SEED_PRICE_GRIDS);
        if (!priced.ok) throw new Error(priced.error.message);
        await addToLine(
          cartId,
          visitor,
          configuration,
          1,
          priced.unitCents,
          propertyRoomLabel(index),
          new Date(now.getTime() + index),
        );
      }),
    );
  }
}
