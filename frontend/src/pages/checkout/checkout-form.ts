/**
 * The checkout form as the page holds it, and how it becomes the API's requests. Validation is
 * the API's own schema (placeOrderRequestSchema), so the page names the same fields with the same
 * messages before it calls as the API would after.
 */
import { z } from 'zod';
import type { ClientProfile } from '#domain/accounts/client';
import {
  CHECKOUT_STATE_CODES,
  placeOrderRequestSchema,
  type PaymentMethod,
  type CheckoutQuoteRequest,
  type CheckoutStateCode,
  type PlaceOrderRequest,
} from '#domain/checkout/checkout';
import { clientDisplayName } from '#domain/accounts/client';
import {
  installationOptionsSchema,
  NO_INSTALLATION_OPTIONS,
  type InstallationOptions,
  type InstallationVisit,
} from '#domain/appointments/installation-choices';
import { MAIN_RESIDENCE, type Property } from '#domain/properties/property';
import { firstMessageByField } from '../../components/form/FormField';

export interface AddressFields {
  address1: string;
  address2: string;
  city: string;
  /** One of CHECKOUT_STATE_CODES, or '' until chosen. */
  state: string;
  zipCode: string;
}

/** The installation visit as the form holds it: `later` to choose it from the order, else the date and window picked ('' until chosen). */
export type InstallationVisitChoice = { when: 'later' } | { when: 'now'; date: string; window: string };

export interface CheckoutForm {
  customer: { name: string; email: string; phone: string };
  shippingAddress: AddressFields;
  billingSameAsShipping: boolean;
  billingAddress: AddressFields;
  installation: boolean;
  /** What installation adds (old-blind removal, high-ladder work), sent only with installation. */
  installationOptions: InstallationOptions;
  installationVisit: InstallationVisitChoice;
  notes: string;
  /** The promotion code applied ('' for none): the quote says what became of it. */
  promoCode: string;
  /** Card, or on account for a client on payment terms (then with their PO number). */
  paymentMethod: PaymentMethod;
  poNumber: string;
}

export const EMPTY_ADDRESS: AddressFields = { address1: '', address2: '', city: '', state: '', zipCode: '' };

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  customer: { name: '', email: '', phone: '' },
  shippingAddress: EMPTY_ADDRESS,
  billingSameAsShipping: true,
  billingAddress: EMPTY_ADDRESS,
  installation: false,
  installationOptions: NO_INSTALLATION_OPTIONS,
  installationVisit: { when: 'later' },
  notes: '',
  promoCode: '',
  paymentMethod: 'card',
  poNumber: '',
};

export type AddressKind = 'shippingAddress' | 'billingAddress';
export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zipCode'] as const;

/**
 * The controls' names in page order, as the API names fields (`shippingAddress.zipCode`): the
 * first one with an error takes focus, whether the page or the API found it.
 */
export const CHECKOUT_FIELD_ORDER = [
  'customer.name',
  'customer.email',
  'customer.phone',
  ...ADDRESS_FIELDS.map((field) => `shippingAddress.${field}`),
  ...ADDRESS_FIELDS.map((field) => `billingAddress.${field}`),
  'installation',
  'installationOptions.oldBlindsRemoved',
  'installationOptions.highLadder',
  'installationVisit',
  'installationVisit.date',
  'installationVisit.window',
  'notes',
  'promoCode',
  'paymentMethod',
  'poNumber',
] as const;

function stateCode(value: string): CheckoutStateCode | '' {
  const code = value.trim().toUpperCase();
  return (CHECKOUT_STATE_CODES as readonly string[]).includes(code) ? (code as CheckoutStateCode) : '';
}

/** A saved address as the form's fields; a state that is not one of the 50 codes is left to choose. */
export function addressFields(address: {
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zipCode: string;
}): AddressFields {
  return {
    address1: address.address1,
    address2: address.address2 ?? '',
    city: address.city,
    state: stateCode(address.state),
    zipCode: address.zipCode,
  };
}

/** Customer info from the profile, and the shipping address from its saved address when it has one. */
export function checkoutFormFromProfile(profile: ClientProfile): CheckoutForm {
  return {
    ...EMPTY_CHECKOUT_FORM,
    customer: { name: clientDisplayName(profile), email: profile.email, phone: profile.phone ?? '' },
    shippingAddress: profile.address ? addressFields(profile.address) : EMPTY_ADDRESS,
  };
}

/**
 * The properties the picker offers: those with a real address (sign-up's Main Residence keeps its
 * placeholder street until the client enters one, and would fill the form with it).
 */
export function propertiesWithAddress<P extends Pick<Property, 'address1'>>(properties: readonly P[]): P[] {
  return properties.filter(
    (property) => property.address1.trim() !== '' && property.address1 !== MAIN_RESIDENCE.address1,
  );
}

/** What the quote depends on: the shipping state and ZIP code, whether installation is asked for, and the promotion code. */
export function quoteRequestFrom(form: CheckoutForm): CheckoutQuoteRequest {
  return {
    shippingAddress: { state: form.shippingAddress.state, zipCode: form.shippingAddress.zipCode },
    installation: form.installation,
    // Options still being typed (a count not yet a number) are quoted once they are valid.
    ...(form.installation && installationOptionsSchema.safeParse(form.installationOptions).success
      ? { installationOptions: form.installationOptions }
      : {}),
    ...(form.promoCode ? { promoCode: form.promoCode } : {}),
  };
}

/** The visit sent with installation: null to choose it later; a date and window as picked (the schema names what is missing). */
function visitOf(choice: InstallationVisitChoice): PlaceOrderRequest['installationVisit'] {
  return choice.when === 'later' ? null : ({ date: choice.date, window: choice.window } as InstallationVisit);
}

/** The body of POST /api/orders: no figure, only who, where and what was chosen. */
export function placeOrderRequestFrom(form: CheckoutForm, placementKey: string): PlaceOrderRequest {
  return {
    placementKey,
    customer: form.customer,
    shippingAddress: form.shippingAddress,
    billingSameAsShipping: form.billingSameAsShipping,
    ...(form.billingSameAsShipping ? {} : { billingAddress: form.billingAddress }),
    installation: form.installation,
    ...(form.installation
      ? { installationOptions: form.installationOptions, installationVisit: visitOf(form.installationVisit) }
      : {}),
    notes: form.notes,
    ...(form.promoCode ? { promoCode: form.promoCode } : {}),
    ...(form.paymentMethod === 'account' ? { paymentMethod: 'account', poNumber: form.poNumber } : {}),
  };
}

export type CheckoutValidation =
  { ok: true; request: PlaceOrderRequest } | { ok: false; fieldErrors: Record<string, string> };

/** The request, or each bad field's first message keyed by its control's name. */
export function validateCheckoutForm(form: CheckoutForm, placementKey: string): CheckoutValidation {
  const request = placeOrderRequestFrom(form, placementKey);
  const parsed = placeOrderRequestSchema.safeParse(request);
  return parsed.success ? { ok: true, request } : { ok: false, fieldErrors: firstMessageByField(parsed.error.issues) };
}

const addressFieldsShape = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

/**
 * What the customer chose at checkout (the form, and the saved property picked for the address),
 * kept in the tab's session storage when they leave for the payment page: Back or cancel there
 * brings them to a checkout that still ships where they chose, not to their profile's address.
 * Kept with the client it belongs to, so another sign-in in the tab never sees it.
 */
const keptCheckoutChoicesSchema = z.object({
  clientId: z.string(),
  propertyId: z.string(),
  form: z.object({
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    shippingAddress: addressFieldsShape,
    billingSameAsShipping: z.boolean(),
    billingAddress: addressFieldsShape,
    installation: z.boolean(),
    installationOptions: z
      .object({ oldBlindsRemoved: z.number(), highLadder: z.boolean() })
      .default(NO_INSTALLATION_OPTIONS),
    // A date kept from an earlier visit may be taken by now: the picker shows whether it still is.
    installationVisit: z
      .union([
        z.object({ when: z.literal('later') }),
        z.object({ when: z.literal('now'), date: z.string(), window: z.string() }),
      ])
      .default({ when: 'later' }),
    notes: z.string(),
    promoCode: z.string().default(''),
    paymentMethod: z.enum(['card', 'account']).default('card'),
    poNumber: z.string().default(''),
  }),
});
export type KeptCheckoutChoices = z.infer<typeof keptCheckoutChoicesSchema>;

/** The stored choices of `clientId`, or null (nothing kept, another client's, or not readable). */
export function keptCheckoutChoices(stored: string | null, clientId: string | null): KeptCheckoutChoices | null {
  if (!stored || !clientId) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const parsed = keptCheckoutChoicesSchema.safeParse(value);
  return parsed.success && parsed.data.clientId === clientId ? parsed.data : null;
}

/**
 * One placement key per order the customer means. A retry of the same request (a double click, a
 * lost answer, the payment provider failing) sends the same key, so the server finds the order it
 * made instead of making a second; a changed form is another order and gets a new key (the server
 * would otherwise resume the first order, with what was entered first). `forget` starts afresh,
 * e.g. when the first order's payment page has expired.
 */
export function placementKeys(newKey: () => string) {
  let last: { key: string; request: string } | null = null;
  return {
    keyFor(form: CheckoutForm): string {
      const request = JSON.stringify(placeOrderRequestFrom(form, ''));
      if (last?.request !== request) last = { key: newKey(), request };
      return last.key;
    },
    forget(): void {
      last = null;
    },
  };
}
