/**
 * Contract prices (issue 27, decision 0055): what a buyer on a price list pays for a blind, from the
 * list price the grids give it (price.ts). A price list is a share of the list price per product
 * family, and per series where a series has its own, in effect between two days of the shop's
 * calendar. Two sources make one: staff give a client a percentage off per family and series
 * (`ClientPriceList`), and a punch-out configuration has its pricing rules (a discount and a markup,
 * punchout/configuration.ts); either becomes a `PriceList`, and `contractUnitCents` is the one function
 * that prices a blind with it, so a client's list and a partner's rules cannot drift apart.
 * No zod here: the configurator's first load shows the buyer's price (price-list-schema.ts validates).
 */
import type { FamilyId } from '../catalogue/families';
import { lowestOf, mulDivRoundHalfUp } from './money';

/**
 * The whole list price, in the parts a share is written in: 10,000 x 10,000, so a partner's discount
 * and markup (each exact in parts per 10,000) multiply exactly, and a client's percent with two
 * decimals is exact too.
 */
export const WHOLE_PRICE = 100_000_000;

/** A buyer's contract prices, whichever source gave them. */
export interface PriceList {
  /** The share of the list price (parts of WHOLE_PRICE) a family's blinds cost; a family not named costs its list price. */
  families: Partial<Record<FamilyId, number>>;
  /** A series' own share, which overrides its family's. */
  series: Partial<Record<FamilyId, Record<string, number>>>;
  /** First and last day in effect (YYYY-MM-DD, the shop's calendar), both included; null: no bound. */
  startsOn: string | null;
  endsOn: string | null;
}

/** Whether the list prices blinds on this day of the shop's calendar. */
export function priceListInEffect(priceList: PriceList, today: string): boolean {
  return (
    (priceList.startsOn === null || priceList.startsOn <= today) &&
    (priceList.endsOn === null || today <= priceList.endsOn)
  );
}

/**
 * The unit price a buyer on `priceList` pays for a blind of this family and series the grids price at
 * `listUnitCents`: the series' share, else the family's, of the list price, rounded once, half up
 * (money.ts). No list, out of the list's dates, or a family it does not name, is the list price.
 */
export function contractUnitCents(
  listUnitCents: number,
  blind: { family: FamilyId; series: string },
  priceList: PriceList | null,
  today: string,
): number {
  if (!priceList || !priceListInEffect(priceList, today)) return listUnitCents;
  const share = priceList.series[blind.family]?.[blind.series] ?? priceList.families[blind.family] ?? WHOLE_PRICE;
  return mulDivRoundHalfUp(listUnitCents, share, WHOLE_PRICE);
}

/**
 * A buyer's "from $X" for a family: the least, over its series, of the contract price of each
 * series' starting price (starting-price.ts). A share is the same for every size of a series, so the
 * cheapest blind of a series stays its cheapest at the buyer's price. Null when no series is priced.
 */
export function contractStartingCents(
  family: FamilyId,
  seriesStartingCents: Readonly<Record<string, number>>,
  priceList: PriceList,
  today: string,
): number | null {
  return lowestOf(
    Object.entries(seriesStartingCents).map(([series, cents]) =>
      contractUnitCents(cents, { family, series }, priceList, today),
    ),
  );
}

/** Percent off as staff give it: 0 to 90, at most two decimals (12.5 is 12.5% off). */
export const MAX_PERCENT_OFF = 90;

/** A client's price list as staff set it (the admin Customers tab). */
export interface ClientPriceList {
  /** Percent off each family's blinds; a family not listed is at its list price. */
  families: { family: FamilyId; percentOff: number }[];
  /** Percent off one series, instead of its family's. */
  series: { family: FamilyId; series: string; percentOff: number }[];
  startsOn: string;
  endsOn: string;
  updatedAt: string;
}

/** A percent off as a share of the whole price: 12.5 → 87.5% of WHOLE_PRICE. */
function shareOfPercentOff(percentOff: number): number {
  return (10_000 - Math.round(percentOff * 100)) * 10_000;
}

/** The price list a client's terms make. */
export function clientPriceList(terms: ClientPriceList): PriceList {
  const series: PriceList['series'] = {};
  for (const row of terms.series)
    series[row.family] = { ...series[row.family], [row.series]: shareOfPercentOff(row.percentOff) };
  return {
    families: Object.fromEntries(terms.families.map((row) => [row.family, shareOfPercentOff(row.percentOff)])),
    series,
    startsOn: terms.startsOn,
    endsOn: terms.endsOn,
  };
}

/** Where a buyer's contract price is below the list price, it is shown as 'Your price' with the list price struck through. */
export const YOUR_PRICE_LABEL = 'Your price';
export const LIST_PRICE_LABEL = 'List price';
