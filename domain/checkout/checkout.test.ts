import { describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES } from '#domain/accounts/payment-terms';
import {
  accountOrderSuccessPath,
  CHECKOUT_STATE_CODES,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
} from './checkout';

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

describe('placeOrderRequestSchema: paying on account', () => {
  it('pays by card unless told otherwise, and a card order keeps no PO number', () => {
    expect(placeOrderRequestSchema.parse(valid)).toMatchObject({ paymentMethod: 'card', poNumber: null });
    expect(placeOrderRequestSchema.parse({ ...valid, poNumber: 'PO-1' })).toMatchObject({ poNumber: null });
  });

  it('takes the PO number of an order on account, trimmed', () => {
    expect(
      placeOrderRequestSchema.parse({ ...valid, paymentMethod: 'account', poNumber: ' PO-2026-118 ' }),
    ).toMatchObject({ paymentMethod: 'account', poNumber: 'PO-2026-118' });
  });

  it('names a missing or overlong PO number and an unknown way to pay, beside the other fields', () => {
    expect(fieldsOf({ ...valid, customer: {}, paymentMethod: 'account' })).toEqual([
      ['customer.name', 'Please enter your name.'],
      ['customer.email', 'Please enter a valid email address.'],
      ['poNumber', CREDIT_MESSAGES.poNumber],
    ]);
    expect(fieldsOf({ ...valid, paymentMethod: 'account', poNumber: 'P'.repeat(41) })).toEqual([
      ['poNumber', CREDIT_MESSAGES.poNumberLength],
    ]);
    expect(fieldsOf({ ...valid, paymentMethod: 'account', poNumber: 'PO\n1' })?.[0]?.[0]).toBe('poNumber');
    expect(fieldsOf({ ...valid, paymentMethod: 'cheque' })).toEqual([['paymentMethod', 'Please choose how to pay.']]);
  });

  it('sends an order on account to the success page, not a payment page', () => {
    expect(accountOrderSuccessPath('abc_123-XY')).toBe('/checkout/success?order=abc_123-XY');
    expect(
      placeOrderResponseSchema.parse({
        orderId: 'a',
        orderNumber: 'HBB-ABCDEF',
        checkoutUrl: '/checkout/success?order=a',
      }),
    ).toBeTruthy();
    expect(
      placeOrderResponseSchema.safeParse({ orderId: 'a', orderNumber: 'HBB-ABCDEF', checkoutUrl: '/elsewhere' })
        .success,
    ).toBe(false);
  });
});
