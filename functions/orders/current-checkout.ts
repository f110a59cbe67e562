/**
 * The caller's checkout as it stands: whose cart and samples (the access token's client and the
 * header's shopping session) and their figures now. Apart from placing, so the quote route and a
 * customer quote read it without the payment provider's SDK.
 */
import type { InstallationOptions } from '#domain/appointments/installation-choices';
import { shopDateAt } from '#domain/appointments/schedule';
import { isValidSessionId, SESSION_ID_HEADER } from '#domain/cart/session';
import { CHECKOUT_MESSAGES, type CheckoutQuote, type OrderSample } from '#domain/checkout/checkout';
import { quoteCheckout } from '#domain/checkout/quote';
import { fitChecks, type FitCheck } from '#domain/properties/fit-check';
import type { Destination } from '#domain/checkout/totals';
import { type PromotionOffers } from '#domain/promotions/promotion';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { resolveCart } from '../cart/cart-lifecycle-store';
import { readCart, type Visitor } from '../cart/cart-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { volumeTiersNow } from '../catalogue/volume-table-store';
import { authorizedCaller } from '../lib/caller';
import { businessConfig } from '../lib/config';
import { HttpError, type HttpEvent } from '../lib/http';
import { promotionOffersFor } from '../promotions/offers';
import { listClientWindows } from '../properties/property-store';
import { listSamples } from '../samples/sample-store';

/** The caller's cart and samples: the access token's client and the header's shopping session. */
export function checkoutVisitor(event: HttpEvent): Visitor {
  const clientId = authorizedCaller(event).userId;
  const sessionId = event.headers[SESSION_ID_HEADER];
  if (!isValidSessionId(sessionId)) throw new HttpError(400, CHECKOUT_MESSAGES.sessionRefused);
  return { sessionId, clientId };
}

export interface CurrentCheckout {
  quote: CheckoutQuote;
  /** The cart's lines checked against the windows the client measured. */
  fitChecks: FitCheck[];
  /** The promotions the quote was offered (the one it uses is `quote.promotionId`). */
  offers: PromotionOffers;
  /** The days staff closed the shop: no crew installs on them. */
  closures: string[];
  cart: { id: string; updatedAt: string; checkoutOrderId: string | null } | null;
}

/** The caller's cart and samples as they are now, priced with the current grids (at their contract prices, if any), for the address. */
export async function currentCheckout(
  visitor: Visitor,
  destination: Destination,
  installation: { requested: boolean; options: InstallationOptions },
  promoCode: string | undefined,
  now: Date,
): Promise<CurrentCheckout> {
  const [cartId, samples, { grids }, offers, tiers, priceList, closures, windows] = await Promise.all([
    resolveCart(visitor, now, { create: false }),
    listSamples(visitor.sessionId, now),
    loadCurrentGrids(),
    promotionOffersFor(promoCode, visitor.clientId, now),
    volumeTiersNow(now),
    clientPriceListInEffect(visitor.clientId!, now),
    shopClosureDates(),
    listClientWindows(visitor.clientId!),
  ]);
  const cart = cartId ? await readCart(cartId, visitor) : null;
  const quote = quoteCheckout({
    phoneDisplay: businessConfig().phoneDisplay,
    cartLines: (cart?.lines ?? []).map((line) => ({
      lineId: line.lineId,
      configuration: line.configuration,
      roomLabel: line.roomLabel ?? null,
      quantity: line.quantity,
    })),
    samples: samples.map(({ id, productName, color, material }): OrderSample => ({ id, productName, color, material })),
    grids,
    destination,
    installationRequested: installation.requested,
    installationOptions: installation.options,
    promotions: offers,
    contractPrices: priceList && { priceList, today: shopDateAt(now) },
    tiers,
    delivery: { now, closures },
  });
  return {
    quote,
    fitChecks: fitChecks(quote.lines, windows),
    offers,
    closures,
    cart: cart && cartId ? { id: cartId, updatedAt: cart.updatedAt, checkoutOrderId: cart.checkoutOrderId } : null,
  };
}
