/**
 * What staff may add to a quote beyond what checkout prices (issue 28), with the words the quote,
 * its PDF, the order and the payment page print for each. Pure and without zod: the order's totals
 * carry these charges once a quote is accepted (orders/order.ts).
 */
import { INSTALLATION } from '../installation';
import { formatCents } from '../pricing/money';

export const QUOTE_CHARGE_KINDS = ['freight', 'oldBlindRemoval', 'highLadder'] as const;
export type QuoteChargeKind = (typeof QUOTE_CHARGE_KINDS)[number];

/** One charge of a quote (and of the order it became): what it is, its label and amount. */
export interface QuoteCharge {
  kind: QuoteChargeKind;
  label: string;
  cents: number;
}

/** Old-blind removal: $5 a blind taken down. */
export const OLD_BLIND_REMOVAL_CENTS_PER_BLIND = INSTALLATION.oldBlindRemovalCents;
/** High-ladder work (windows out of a standard ladder's reach): at least $300, staff price the site. */
export const HIGH_LADDER_MINIMUM_CENTS = INSTALLATION.highLadderMinimumCents;

export const QUOTE_CHARGE_LABELS: Record<QuoteChargeKind, string> = {
  freight: 'LTL freight',
  oldBlindRemoval: 'Old blind removal',
  highLadder: 'High-ladder work',
};

export const QUOTE_CHARGE_COPY = {
  freight: 'Freight for blinds over 100" wide, delivered by LTL carrier to the address.',
  oldBlindRemoval: `Taking down and hauling away old blinds: ${formatCents(OLD_BLIND_REMOVAL_CENTS_PER_BLIND)} a blind.`,
  highLadder: `Windows out of a standard ladder's reach: a two-person crew, ${formatCents(HIGH_LADDER_MINIMUM_CENTS)} minimum.`,
} as const satisfies Record<QuoteChargeKind, string>;

/** Old-blind removal for `blinds` blinds, labelled with the count. */
export function oldBlindRemovalCharge(blinds: number): QuoteCharge {
  return {
    kind: 'oldBlindRemoval',
    label: `${QUOTE_CHARGE_LABELS.oldBlindRemoval} (${blinds} x ${formatCents(OLD_BLIND_REMOVAL_CENTS_PER_BLIND)})`,
    cents: blinds * OLD_BLIND_REMOVAL_CENTS_PER_BLIND,
  };
}

export function chargeTotalCents(charges: readonly QuoteCharge[]): number {
  return charges.reduce((sum, charge) => sum + charge.cents, 0);
}
