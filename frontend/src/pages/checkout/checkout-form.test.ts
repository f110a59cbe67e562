import { describe, expect, it } from 'vitest';
import type { ClientProfile } from '#domain/accounts/client';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#domain/accounts/client';
import { MAIN_RESIDENCE } from '#domain/properties/property';
import {
  addressFields,
  CHECKOUT_FIELD_ORDER,
  checkoutFormFromProfile,
  EMPTY_CHECKOUT_FORM,
  keptCheckoutChoices,
  placementKeys,
  placeOrderRequestFrom,
  propertiesWithAddress,
  quoteRequestFrom,
  validateCheckoutForm,
  type CheckoutForm,
} from './checkout-form';

const PLACEMENT_KEY = '0b6f4c1e-4a53-4a6f-9d0e-5d3f1f8c2a71';

const profile: ClientProfile = {
  id: 'client-1',
  firstName: 'Lucia',
  lastName: 'Moreno',
  email: 'lucia@example.com',
  phone: '469-555-0137',
  accountType: 'residential',
  address: { address1: '3900 Cedar Springs Rd', address2: '', city: 'Dallas', state: 'tx', zipCode: '75219' },
  notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const filled: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  customer: { name: 'Lucia Moreno', email: 'lucia@example.com', phone: '' },
  shippingAddress: {
    address1: '3900 Cedar Springs Rd',
    address2: 'Unit 4',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75219',
  },
};

describe('the checkout form', () => {
  it('is prefilled with the profile: name, e-mail, phone and its saved address, the state as one of the 50 codes', () => {
    const form = checkoutFormFromProfile(profile);
    expect(form.customer).toEqual({ name: 'Lucia Moreno', email: 'lucia@example.com', phone: '469-555-0137' });
    expect(form.shippingAddress).toEqual({
      address1: '3900 Cedar Springs Rd',
      address2: '',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75219',
    });
    expect(form.billingSameAsShipping).toBe(true);
    expect(checkoutFormFromProfile({ ...profile, phone: null, address: null }).shippingAddress.address1).toBe('');
  });

  it('fills the address from a saved property, leaving a state that is not a US code to choose', () => {
    expect(addressFields({ address1: '1 Elm St', city: 'Plano', state: ' tx ', zipCode: '75024' })).toEqual({
      address1: '1 Elm St',
      address2: '',
      city: 'Plano',
      state: 'TX',
      zipCode: '75024',
    });
    expect(addressFields({ address1: '1 Elm St', city: 'Plano', state: 'Texas', zipCode: '75024' }).state).toBe('');
    expect(addressFields({ address1: '1 Elm St', city: 'Washington', state: 'DC', zipCode: '20001' }).state).toBe('');
  });

  it('offers only properties with a real address (not sign-up’s placeholder)', () => {
    const properties = [
      { id: 'a', ...MAIN_RESIDENCE },
      { id: 'b', ...MAIN_RESIDENCE, address1: '1 Elm St' },
    ];
    expect(propertiesWithAddress(properties).map((property) => property.id)).toEqual(['b']);
  });

  it('asks the quote for the shipping state and ZIP code and the installation choices only', () => {
    const installationOptions = { oldBlindsRemoved: 3, highLadder: true };
    expect(quoteRequestFrom({ ...filled, installation: true, installationOptions })).toEqual({
      shippingAddress: { state: 'TX', zipCode: '75219' },
      installation: true,
      installationOptions,
    });
    // A count still being typed is left out until it is a number.
    expect(
      quoteRequestFrom({
        ...filled,
        installation: true,
        installationOptions: { ...installationOptions, oldBlindsRemoved: Number.NaN },
      }),
    ).not.toHaveProperty('installationOptions');
  });

  it('sends the visit chosen with installation, null to schedule it later, and names what is missing', () => {
    const visit = { when: 'now', date: '2027-03-08', window: '8:00 AM - 12:00 PM' } as const;
    expect(
      placeOrderRequestFrom({ ...filled, installation: true, installationVisit: visit }, PLACEMENT_KEY),
    ).toMatchObject({
      installationVisit: { date: '2027-03-08', window: '8:00 AM - 12:00 PM' },
    });
    expect(
      placeOrderRequestFrom({ ...filled, installation: true, installationVisit: { when: 'later' } }, PLACEMENT_KEY),
    ).toMatchObject({ installationVisit: null });
    expect(placeOrderRequestFrom({ ...filled, installationVisit: visit }, PLACEMENT_KEY)).not.toHaveProperty(
      'installationVisit',
    );
    const missing = validateCheckoutForm(
      { ...filled, installation: true, installationVisit: { when: 'now', date: '', window: '' } },
      PLACEMENT_KEY,
    );
    expect(missing).toMatchObject({
      ok: false,
      fieldErrors: {
        'installationVisit.date': 'Please choose an installation date.',
        'installationVisit.window': 'Please choose a time window.',
      },
    });
  });

  it('sends no billing address when it is the shipping address, and the billing address when it is not', () => {
    expect(placeOrderRequestFrom(filled, PLACEMENT_KEY)).not.toHaveProperty('billingAddress');
    const billing = { address1: '9 Oak Ave', address2: '', city: 'Austin', state: 'TX', zipCode: '78701' };
    expect(
      placeOrderRequestFrom({ ...filled, billingSameAsShipping: false, billingAddress: billing }, PLACEMENT_KEY),
    ).toMatchObject({
      billingSameAsShipping: false,
      billingAddress: billing,
    });
  });

  it('never sends a figure: the request holds who, where and what was chosen', () => {
    expect(Object.keys(placeOrderRequestFrom(filled, PLACEMENT_KEY)).sort()).toEqual(
      ['billingSameAsShipping', 'customer', 'installation', 'notes', 'placementKey', 'shippingAddress'].sort(),
    );
  });

  it('sends the way to pay and the PO number only for an order on account, and names a missing PO number', () => {
    expect(placeOrderRequestFrom({ ...filled, poNumber: 'PO-1' }, PLACEMENT_KEY)).not.toHaveProperty('poNumber');
    expect(
      placeOrderRequestFrom({ ...filled, paymentMethod: 'account', poNumber: 'PO-1' }, PLACEMENT_KEY),
    ).toMatchObject({ paymentMethod: 'account', poNumber: 'PO-1' });
    const result = validateCheckoutForm({ ...filled, paymentMethod: 'account' }, PLACEMENT_KEY);
    expect(result.ok ? {} : result.fieldErrors).toEqual({ poNumber: 'Please enter your PO number.' });
    expect(CHECKOUT_FIELD_ORDER).toContain('poNumber');
  });

  it('names every missing required field by its control’s name, in the API’s words', () => {
    const result = validateCheckoutForm(EMPTY_CHECKOUT_FORM, PLACEMENT_KEY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(
      [
        'customer.name',
        'customer.email',
        'shippingAddress.address1',
        'shippingAddress.city',
        'shippingAddress.state',
        'shippingAddress.zipCode',
      ].sort(),
    );
    expect(result.fieldErrors['shippingAddress.state']).toBe('Please choose a state.');
    for (const field of Object.keys(result.fieldErrors)) expect(CHECKOUT_FIELD_ORDER).toContain(field);
  });

  it('requires the billing address fields only when billing is not the shipping address', () => {
    expect(validateCheckoutForm(filled, PLACEMENT_KEY).ok).toBe(true);
    const result = validateCheckoutForm({ ...filled, billingSameAsShipping: false }, PLACEMENT_KEY);
    expect(result.ok ? [] : Object.keys(result.fieldErrors).sort()).toEqual(
      ['billingAddress.address1', 'billingAddress.city', 'billingAddress.state', 'billingAddress.zipCode'].sort(),
    );
  });

  it('refuses a malformed ZIP code and e-mail', () => {
    const result = validateCheckoutForm(
      {
        ...filled,
        customer: { ...filled.customer, email: 'lucia@' },
        shippingAddress: { ...filled.shippingAddress, zipCode: '7521' },
      },
      PLACEMENT_KEY,
    );
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      'customer.email': 'Please enter a valid email address.',
      'shippingAddress.zipCode': 'Please enter a valid ZIP code.',
    });
  });
});

describe('placement keys', () => {
  const counter = () => {
    let made = 0;
    return () => `key-${++made}`;
  };

  it('sends the same key when the same order is placed again, so a retry finds the order it made', () => {
    const keys = placementKeys(counter());
    expect(keys.keyFor(filled)).toBe('key-1');
    expect(keys.keyFor({ ...filled })).toBe('key-1');
  });

  it('makes a new key once anything the order is made of changed, and after forget', () => {
    const keys = placementKeys(counter());
    keys.keyFor(filled);
    expect(keys.keyFor({ ...filled, shippingAddress: { ...filled.shippingAddress, zipCode: '75220' } })).toBe('key-2');
    expect(
      keys.keyFor({ ...filled, shippingAddress: { ...filled.shippingAddress, zipCode: '75220' }, installation: true }),
    ).toBe('key-3');
    keys.forget();
    expect(
      keys.keyFor({ ...filled, shippingAddress: { ...filled.shippingAddress, zipCode: '75220' }, installation: true }),
    ).toBe('key-4');
  });
});

describe('keptCheckoutChoices', () => {
  const form: CheckoutForm = {
    ...checkoutFormFromProfile(profile),
    shippingAddress: { address1: '500 Main St', address2: '', city: 'Fort Worth', state: 'TX', zipCode: '76102' },
    installation: true,
  };
  const stored = JSON.stringify({ clientId: 'client-1', propertyId: 'property-7', form });

  it('gives back what the client chose before the payment page', () => {
    expect(keptCheckoutChoices(stored, 'client-1')).toEqual({ clientId: 'client-1', propertyId: 'property-7', form });
  });

  it('keeps nothing for another client, a signed-out tab, or what is not a checkout form', () => {
    expect(keptCheckoutChoices(stored, 'client-2')).toBeNull();
    expect(keptCheckoutChoices(stored, null)).toBeNull();
    expect(keptCheckoutChoices(null, 'client-1')).toBeNull();
    expect(keptCheckoutChoices('{not json', 'client-1')).toBeNull();
    expect(
      keptCheckoutChoices(JSON.stringify({ clientId: 'client-1', propertyId: '', form: { customer: {} } }), 'client-1'),
    ).toBeNull();
  });
});
