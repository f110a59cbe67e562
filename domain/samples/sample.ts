/**
 * Free colour samples: a sample cart per browser session and the sample request a shopper sends
 * from it. Shared by the handlers and the browser.
 */
import * as z from 'zod';
import { FAMILIES, FAMILY_IDS, type FamilyId } from '../catalogue/families';
import { readableCode } from '../readable-code';
import { singleLineText } from '../text';

/** A sample cart forgets samples 30 days after its last change, so abandoned sample carts go. */
export const SAMPLE_CART_LIFETIME_DAYS = 30;

export const addSampleSchema = z.object({
  family: z.enum(FAMILY_IDS, { error: 'Please choose a product.' }),
  colorCode: z.string({ error: 'Please choose a color.' }).trim().min(1, 'Please choose a color.').max(20),
});
export type AddSampleInput = z.infer<typeof addSampleSchema>;

/** A sample, as the sample cart shows it. */
export interface Sample {
  /** Family and colour code: one sample of each colour per cart. */
  id: string;
  productName: string;
  productType: FamilyId;
  /** The colour's name and code, e.g. "Smooth White (E02)". */
  color: string;
  colorCode: string;
  material: string;
  imageUrl: string;
  addedAt: string;
}

export type SampleProduct = Omit<Sample, 'addedAt'>;

/**
 * What a sample is made of, by series: what the shopper holds to the window. No parentheses: the
 * cart, mails and admin put the material beside the colour, whose code is in parentheses already.
 */
const MATERIALS: Record<string, string> = {
  'faux-wood-blinds/standard': 'PVC foam faux wood',
  'faux-wood-blinds/printed': 'PVC foam with printed wood grain',
  'wood-blinds/smooth': 'Real wood, smooth finish',
  'wood-blinds/wood': 'Real wood, stained finish',
  'roller-shades/green2000': 'Green 2000 screen fabric',
  'roller-shades/green3000': 'Green 3000 screen fabric',
  'roller-shades/blackout': 'Blackout fabric',
  'vertical-blinds/vertical-3-5': 'PVC vane',
  'mini-blinds/aluminum': 'Aluminum',
  'mini-blinds/vinyl': 'Vinyl',
};

export function sampleId(family: FamilyId, colorCode: string): string {
  return `${family}-${colorCode}`;
}

/** The sample of a family's colour (codes are unique within a family), or null when the catalogue has no such colour. */
export function sampleProduct(family: FamilyId, colorCode: string): SampleProduct | null {
  const info = FAMILIES[family];
  for (const series of info.series) {
    const color = series.colors.find((c) => c.code === colorCode);
    if (!color) continue;
    return {
      id: sampleId(family, color.code),
      productName: `${info.name}: ${series.label}`,
      productType: family,
      color: `${color.name} (${color.code})`,
      colorCode: color.code,
      material: MATERIALS[`${family}/${series.id}`] ?? series.label,
      imageUrl: info.images[0]!,
    };
  }
  return null;
}

/** The 50 states and DC: samples ship within the US. */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

const required = (label: string, message: string, max: number) =>
  singleLineText(label, { error: message }).min(1, message).max(max, message);

/** The Request Free Samples form, validated the same way in the browser and in the API. */
export const sampleRequestSchema = z.object({
  name: required('Name', 'Please enter your name.', 200),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.')),
  phone: singleLineText('Phone').max(40, 'Please enter a shorter phone number.').optional().default(''),
  address1: required('Street address', 'Please enter your street address.', 200),
  address2: singleLineText('Address line 2').max(200, 'Please shorten address line 2.').optional().default(''),
  city: required('City', 'Please enter your city.', 100),
  state: z.enum(US_STATE_CODES, { error: 'Please choose your state.' }),
  zipCode: z
    .string({ error: 'Please enter a valid ZIP code.' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code.'),
});
export type SampleRequestInput = z.input<typeof sampleRequestSchema>;
export type SampleRequestDetails = z.infer<typeof sampleRequestSchema>;

/** The lifecycle's statuses (lifecycle.ts): paid or not, then sent and delivered. */
export const SAMPLE_REQUEST_STATUSES = ['awaitingPayment', 'requested', 'sent', 'delivered', 'expired'] as const;
export type SampleRequestStatus = (typeof SAMPLE_REQUEST_STATUSES)[number];

export interface SampleRequest extends SampleRequestDetails {
  id: string;
  /** What the shopper and staff quote, e.g. SR-7KQ2MX. */
  reference: string;
  samples: SampleProduct[];
  status: SampleRequestStatus;
  /** The paid order the samples came with (their $15 shipping paid there); absent for a request on its own. */
  orderNumber?: string;
  /** A request on its own: its hosted payment page, and what the payment took once paid. */
  checkoutSessionId?: string;
  payment?: { checkoutSessionId: string; paymentIntentId: string | null; amountPaidCents: number };
  paidAt?: string;
  shipment?: {
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: string;
  };
  deliveredAt?: string;
  /** Each move: from, to, when, by whom (a staff user id, or `payment`), and its note. */
  history?: Array<{ from: SampleRequestStatus; to: SampleRequestStatus; at: string; by: string; note: string | null }>;
  createdAt: string;
  updatedAt?: string;
}

export const REFERENCE_LENGTH = 6;

/** SR- and six characters chosen by the given random bytes (at least six). */
export function sampleRequestReference(randomBytes: Uint8Array): string {
  return `SR-${readableCode(randomBytes, REFERENCE_LENGTH)}`;
}

export const SAMPLE_REFERENCE_PATTERN = /^SR-[2-9A-HJ-NP-Z]{6}$/;
