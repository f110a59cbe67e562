import { describe, expect, it } from 'vitest';
import { CHECKOUT_STATE_CODES, placeOrderRequestSchema } from './checkout';

const address = { address1: '1200 Elm St', city: 'Dallas', state: 'tx', zipCode: '75201' };
const valid = {
  placementKey: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  customer: { name: 'Ann Lee', email: ' Ann@Example.com ' },
  shippingAddress: address,
};

const fieldsOf = (body: unknown) =>
  placeOrderRequestSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('placeOrderRequestSchema', () => {
  it('takes the shipping address as billing address when they are the same, whatever billing address is sent', () => {
    const parsed = placeOrderRequestSchema.parse({
      ...valid,
      billingSameAsShipping: true,
      billingAddress: { city: '' },
    });
    expect(parsed.billingAddress).toEqual({ ...address, address2: '', state: 'TX' });
    expect(parsed.customer.email).toBe('ann@example.com');
  });

  it('names every missing field, billing fields beside the others', () => {
    expect(
      fieldsOf({
        placementKey: valid.placementKey,
        shippingAddress: { ...address, state: 'DC' },
        billingSameAsShipping: false,
      }),
    ).toEqual([
      ['customer.name', 'Please enter your name.'],
      ['customer.email', 'Please enter a valid email address.'],
      ['shippingAddress.state', 'Please choose a state.'],
      ['billingAddress.address1', 'Please enter the street address.'],
      ['billingAddress.city', 'Please enter the city.'],
      ['billingAddress.state', 'Please choose a state.'],
      ['billingAddress.zipCode', 'Please enter a valid ZIP code.'],
    ]);
  });

  it('offers the 50 states, not DC', () => {
    expect(CHECKOUT_STATE_CODES).toHaveLength(50);
    expect(CHECKOUT_STATE_CODES).not.toContain('DC');
  });

  it('reads no figure the browser sends', () => {
    const parsed = placeOrderRequestSchema.parse({ ...valid, totalCents: 1, lines: [{ unitCents: 1 }] });
    expect(parsed).not.toHaveProperty('totalCents');
    expect(parsed).not.toHaveProperty('lines');
  });
});
