/**
 * The carriers orders and sample requests ship with. Apart from the order record, so a page that
 * offers them loads no schema.
 */

/** Carriers staff ship with, and the public tracking page of each (null: no public page). */
export const CARRIERS = {
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  DHL: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=',
  'Local delivery': null,
} as const satisfies Record<string, string | null>;
export const CARRIER_NAMES = Object.keys(CARRIERS) as [keyof typeof CARRIERS, ...(keyof typeof CARRIERS)[]];
export type Carrier = keyof typeof CARRIERS;
