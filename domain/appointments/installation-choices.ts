/**
 * What a customer chooses with professional installation: the visit's date and time window, and
 * the options the storefront's terms state (old-blind removal $5 a blind, high-ladder work $300
 * minimum). Apart from the visit's rules (installation.ts), so checkout's schemas and totals read
 * them without the calendar.
 */
import * as z from 'zod';
import { oldBlindRemovalCharge, QUOTE_CHARGE_LABELS, type QuoteCharge } from '../customer-quotes/charges';
import { INSTALLATION } from '../installation';
import { formatCents } from '../pricing/money';
import { INSTALLATION_STATUSES } from './installation-status';
import { isCalendarDate, readableDate } from './schedule';

/** A visit takes its crew half a day: the morning or the afternoon window. */
export const INSTALLATION_WINDOWS = [
  { label: '8:00 AM - 12:00 PM', time: '08:00' },
  { label: '1:00 PM - 5:00 PM', time: '13:00' },
] as const;
export type InstallationWindow = (typeof INSTALLATION_WINDOWS)[number]['label'];
export const INSTALLATION_WINDOW_LABELS = INSTALLATION_WINDOWS.map((window) => window.label) as [
  InstallationWindow,
  ...InstallationWindow[],
];
const dateField = z
  .string({ error: 'Please choose an installation date.' })
  .refine(isCalendarDate, 'Please choose an installation date.');

/** The date and window a customer chooses. */
export const installationVisitSchema = z.strictObject({
  date: dateField,
  window: z.enum(INSTALLATION_WINDOW_LABELS, { error: 'Please choose a time window.' }),
});
export type InstallationVisit = z.infer<typeof installationVisitSchema>;

/** The most old blinds one visit takes down. */
export const MAX_OLD_BLINDS = 1000;

/** What the customer adds to installation: how many old blinds the crew takes down, and high-ladder work. */
export const installationOptionsSchema = z.strictObject({
  oldBlindsRemoved: z
    .number({ error: 'Please enter how many old blinds we take down (0 for none).' })
    .int('Please enter a whole number of old blinds.')
    .min(0, 'Please enter how many old blinds we take down (0 for none).')
    .max(MAX_OLD_BLINDS, `We take down at most ${MAX_OLD_BLINDS} old blinds in one visit. Please call us.`),
  highLadder: z.boolean({ error: 'Please say whether you need high-ladder work.' }),
});
export type InstallationOptions = z.infer<typeof installationOptionsSchema>;
export const NO_INSTALLATION_OPTIONS: InstallationOptions = { oldBlindsRemoved: 0, highLadder: false };

/** The terms as the checkout shows them, from the constants the server charges by. */
export const INSTALLATION_OPTION_COPY = {
  oldBlindsRemoved: `Old blind removal: we take down and haul away your old blinds, ${formatCents(INSTALLATION.oldBlindRemovalCents)} a blind.`,
  highLadder: `High-ladder work: windows out of a standard ladder's reach need a ${INSTALLATION.highLadderCrewSize}-person crew, ${formatCents(INSTALLATION.highLadderMinimumCents)} minimum. Checkout charges the minimum; a larger job is quoted by our team before the visit.`,
} as const;

/**
 * The options' charges, as the order's totals carry them (its `charges`, with the kinds a quote's
 * staff charges have): old-blind removal at $5 a blind, high-ladder work at its $300 minimum.
 */
export function installationOptionCharges(options: InstallationOptions): QuoteCharge[] {
  return [
    ...(options.oldBlindsRemoved > 0 ? [oldBlindRemovalCharge(options.oldBlindsRemoved)] : []),
    ...(options.highLadder
      ? [
          {
            kind: 'highLadder' as const,
            label: QUOTE_CHARGE_LABELS.highLadder,
            cents: INSTALLATION.highLadderMinimumCents,
          },
        ]
      : []),
  ];
}

/** A visit as an order's pages and mails state it. */
export const installationVisitSummarySchema = z.object({
  status: z.enum(INSTALLATION_STATUSES),
  date: z.string().nullable(),
  window: z.enum(INSTALLATION_WINDOW_LABELS).nullable(),
});
export type InstallationVisitSummary = z.infer<typeof installationVisitSummarySchema>;

/** A visit's date and window as the customer reads them. */
export const installationWhen = (visit: { date: string; window: string }) =>
  `${readableDate(visit.date)}, ${visit.window} (Central time)`;
