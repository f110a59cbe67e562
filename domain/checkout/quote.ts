/**
 * The checkout quote: the cart's lines re-priced with the current grids (as the cart shows them, at
 * the buyer's contract prices when they have some),
 * the session's samples, and the figures of totals.ts for the address, with what stands in the
 * way of placing the order. Pure: the handler reads the cart, the samples and the grids.
 */
import type { InstallationOptions } from '../appointments/installation-choices';
import { deliveryEstimate, deliveryZoneOf } from '../calendar/calendar';
import type { PriceGrids } from '../catalogue/grids/types';
import { describeLine, lineTitle } from '../cart/line';
import type { Configuration } from '../pricing/configuration';
import { priceConfiguration } from '../pricing/price';
import { contractUnitCents, type PriceList } from '../pricing/price-list';
import type { VolumeTier } from '../pricing/discounts';
import type { PromotionOffers } from '../promotions/promotion';
import {
  CHECKOUT_MESSAGES,
  type CheckoutLine,
  type CheckoutProblem,
  type CheckoutQuote,
  type OrderSample,
} from './checkout';
import {
  checkoutTotals,
  freightMessage,
  MAX_ORDER_LINES,
  isCompleteDestination,
  shippingClassOf,
  tooManyLinesMessage,
  type Destination,
} from './totals';

/** A cart line as the cart store keeps it. */
export interface QuotedCartLine {
  lineId: string;
  configuration: Configuration;
  roomLabel: string | null;
  quantity: number;
}

export function quoteCheckout(input: {
  cartLines: readonly QuotedCartLine[];
  samples: readonly OrderSample[];
  grids: PriceGrids;
  destination: Destination;
  installationRequested: boolean;
  installationOptions?: InstallationOptions;
  promotions?: PromotionOffers;
  /** The buyer's contract prices in effect on `today` (pricing/price-list.ts), which replace the volume tier and promotions. */
  contractPrices?: { priceList: PriceList; today: string } | null;
  tiers?: readonly VolumeTier[];
  /** When the order is placed and the days staff closed the shop, for the delivery estimate; none without. */
  delivery?: { now: Date; closures: readonly string[] };
  /** The business's phone, which the freight and too-many-lines problems name. */
  phoneDisplay: string;
}): CheckoutQuote {
  const contract = input.contractPrices ?? null;
  const problems: CheckoutProblem[] = [];
  const lines: CheckoutLine[] = [];
  for (const cartLine of input.cartLines) {
    const configuration = { ...cartLine.configuration, quantity: cartLine.quantity };
    const priced = priceConfiguration(configuration, input.grids);
    if (!priced.ok) {
      problems.push({
        code: 'unpriced',
        lineId: cartLine.lineId,
        message: `${CHECKOUT_MESSAGES.unpricedLine} (${priced.error.message})`,
      });
      continue;
    }
    const unitCents = contract
      ? contractUnitCents(priced.unitCents, configuration, contract.priceList, contract.today)
      : priced.unitCents;
    const shippingClass = shippingClassOf(priced.width);
    if (shippingClass === 'freight')
      problems.push({ code: 'freight', lineId: cartLine.lineId, message: freightMessage(input.phoneDisplay) });
    lines.push({
      lineId: cartLine.lineId,
      title: lineTitle(configuration),
      family: configuration.family,
      series: configuration.series,
      description: describeLine(configuration, cartLine.roomLabel),
      configuration,
      roomLabel: cartLine.roomLabel,
      quantity: priced.quantity,
      unitCents,
      ...(unitCents < priced.unitCents ? { listUnitCents: priced.unitCents } : {}),
      lineCents: unitCents * priced.quantity,
      size: {
        width: priced.width,
        length: priced.length,
        enteredWidth: priced.enteredWidth,
        enteredLength: priced.enteredLength,
      },
      shippingClass,
    });
  }
  if (input.cartLines.length === 0 && input.samples.length === 0)
    problems.push({ code: 'empty', lineId: null, message: CHECKOUT_MESSAGES.emptyCart });
  if (input.cartLines.length > MAX_ORDER_LINES)
    problems.push({ code: 'tooManyLines', lineId: null, message: tooManyLinesMessage(input.phoneDisplay) });

  const totals = checkoutTotals({
    lines: lines.map((line) => ({
      quantity: line.quantity,
      unitCents: line.unitCents,
      widthInches: line.size.width,
      family: line.family,
    })),
    sampleCount: input.samples.length,
    destination: input.destination,
    installationRequested: input.installationRequested,
    installationOptions: input.installationOptions,
    promotions: input.promotions,
    contractPrices: contract !== null,
    tiers: input.tiers,
  });
  if (input.installationRequested && !totals.installation.available) {
    problems.push({
      code: 'installationUnavailable',
      lineId: null,
      message: CHECKOUT_MESSAGES.installationUnavailable,
    });
  }
  const estimate =
    input.delivery && isCompleteDestination(input.destination)
      ? deliveryEstimate({
          families: lines.map((line) => line.family),
          zone: deliveryZoneOf(input.destination),
          ...input.delivery,
        })
      : null;
  return { lines, samples: [...input.samples], ...totals, problems, estimate };
}
