import { describe, expect, it } from 'vitest';
import { newOrder, ORDER_FIELDS_STARTING_NULL, type NewOrderInput } from './order';

const placed: NewOrderInput = {
  id: 'order-1',
  channel: 'card',
  status: 'pending',
  paymentStatus: 'pending',
  clientId: 'client-1',
  customer: { name: 'Ana Flores', email: 'ana@example.com', phone: '' },
  shippingAddress: { address1: '1 Main St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
  billingAddress: { address1: '1 Main St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
  installation: false,
  notes: '',
  lines: [],
  samples: [],
  totals: {
    blindCount: 0,
    subtotalCents: 0,
    discountCents: 0,
    discounts: [],
    taxCents: 0,
    shippingCents: 0,
    sampleShippingCents: 0,
    installationCents: 0,
    totalCents: 0,
  },
  createdAt: '2026-11-22T12:00:00.000Z',
};

describe('a new order', () => {
  it('starts with every later field null, updated when it was made', () => {
    const order = newOrder(placed);
    for (const field of ORDER_FIELDS_STARTING_NULL) expect(order[field], field).toBeNull();
    expect(order).toMatchObject({ id: 'order-1', status: 'pending', updatedAt: placed.createdAt });
    expect(order).not.toHaveProperty('orderNumber');
  });

  it('keeps what placing decided of a later field: a punch-out order’s price review', () => {
    const priceReview = { flagged: false, issues: [] };
    expect(newOrder({ ...placed, channel: 'punchout', priceReview }).priceReview).toBe(priceReview);
  });
});
