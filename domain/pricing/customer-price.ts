/**
 * The price as the customer reads it (issue 14, defect 3): their price, the retail price it is
 * measured against, the saving, the size that will be made and how it relates to what they
 * entered, and the options that add to the price. The factor, the grid names, their rows and the
 * stock item codes stay in the quote's `lines` for the server and staff; nothing here reads a
 * line's label.
 */
import type { PricedAs, Quote } from './price';
import { LIST_PRICE_LABEL } from './price-list';
import { formatEighthsAsInches } from './size-advice';

export interface CustomerPrice {
  unitCents: number;
  quantity: number;
  totalCents: number;
  /** 'Your price': the buyer's contract price (price-list.ts), with the list price struck through as `retail`. */
  yourPrice: boolean;
  /** The retail price (or, for a buyer on contract prices, the list price) to strike through, when the customer's price is below it. */
  retail: { label: Quote['retailLabel'] | typeof LIST_PRICE_LABEL; cents: number; savingCents: number } | null;
  /** 'Save 29% off retail', when there is a saving. */
  saving: string | null;
  /** 'We make it 35 ½″ × 60″: your window less the ½″ inside-mount deduction'. */
  madeSize: string;
  /** 'Priced as the 36″ × 60″ standard size', 'Estimated at $15 per square foot'. */
  pricedAs: string;
  /** The options that add to the price, each with what it adds per blind. */
  options: { label: string; amountCents: number }[];
  priceMatchGuarantee: boolean;
}

/** Inches (eighths as decimals) as a reader writes them: 35.5 → '35 ½″'. */
function inches(value: number): string {
  return formatEighthsAsInches(Math.round(value * 8));
}

function size(width: number, length: number): string {
  return `${inches(width)} × ${inches(length)}`;
}

function madeSizeText(quote: Quote): string {
  const made = `We make it ${size(quote.width, quote.length)}`;
  if (quote.deductionInches > 0)
    return `${made}: your window less the ${inches(quote.deductionInches)} inside-mount deduction`;
  return `${made}, the size you entered`;
}

function pricedAsText(pricedAs: PricedAs): string {
  switch (pricedAs.kind) {
    case 'stockSize':
      return pricedAs.cutToFit
        ? `Cut to fit from the ${size(pricedAs.width, pricedAs.length)} stock size, and priced as that size`
        : `Priced as the ${size(pricedAs.width, pricedAs.length)} stock size`;
    case 'standardSize':
      return `Priced as the ${size(pricedAs.width, pricedAs.length)} standard size`;
    case 'sizeBand':
      return `Priced for sizes ${inches(pricedAs.widthMin)} to ${inches(pricedAs.widthMax)} wide and ${inches(pricedAs.lengthMin)} to ${inches(pricedAs.lengthMax)} long`;
    case 'area':
      return `Estimated at $${pricedAs.centsPerSquareFoot / 100} per square foot`;
  }
}

/**
 * `yourUnitCents`: a buyer on contract prices pays less than the list price the quote gives; their
 * price is then the one shown, against the list price, and the retail saving no longer applies.
 */
export function customerPrice(quote: Quote, yourUnitCents: number | null = null): CustomerPrice {
  const saving = quote.messages.find((message) => message.code === 'savings');
  const yours = yourUnitCents !== null && yourUnitCents < quote.unitCents ? yourUnitCents : null;
  return {
    unitCents: yours ?? quote.unitCents,
    quantity: quote.quantity,
    totalCents: yours === null ? quote.totalCents : yours * quote.quantity,
    yourPrice: yours !== null,
    retail:
      yours !== null
        ? { label: LIST_PRICE_LABEL, cents: quote.unitCents, savingCents: quote.unitCents - yours }
        : quote.retailCents > quote.unitCents
          ? { label: quote.retailLabel, cents: quote.retailCents, savingCents: quote.retailCents - quote.unitCents }
          : null,
    saving: yours === null ? (saving?.text ?? null) : null,
    madeSize: madeSizeText(quote),
    pricedAs: pricedAsText(quote.pricedAs),
    options: quote.lines.flatMap((line) =>
      line.option ? [{ label: line.option, amountCents: line.amountCents }] : [],
    ),
    priceMatchGuarantee: quote.messages.some((message) => message.code === 'priceMatchGuarantee'),
  };
}
