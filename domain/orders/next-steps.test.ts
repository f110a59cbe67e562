import { describe, expect, it } from 'vitest';
import { paidOrderDetail } from '../../tests/support/paid-order';
import type { CheckoutAddress } from '../checkout/checkout';
import { nextSteps } from './next-steps';

const dallas: CheckoutAddress = { address1: '1 Main St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' };
const austin: CheckoutAddress = { ...dallas, city: 'Austin', zipCode: '78701' };
const order = paidOrderDetail();
const noSamples = { ...order, samples: [], installation: false };

describe('what happens after payment', () => {
  it('blinds in DFW: production 7-10 business days, then free local delivery', () => {
    expect(nextSteps({ ...noSamples, shippingAddress: dallas })).toEqual([
      'Production: your 3 blinds are made to your measurements in 7-10 business days (there is no rush option).',
      'Delivery: free local delivery in Dallas-Fort Worth, 3-5 days after production.',
    ]);
  });

  it('blinds elsewhere (Texas outside the metro too) ship in 3-5 days after production', () => {
    expect(nextSteps({ ...noSamples, shippingAddress: austin })[1]).toBe(
      'Shipping: your order ships when production is done and arrives in 3-5 days.',
    );
  });

  it('one blind is one blind', () => {
    expect(nextSteps({ ...noSamples, totals: { ...order.totals, blindCount: 1 } })[0]).toMatch(
      /^Production: your blind is made/,
    );
  });

  it('installation and samples add their own steps', () => {
    expect(nextSteps({ ...order, shippingAddress: dallas }).slice(2)).toEqual([
      'Installation: choose the date of your visit, after your blinds arrive, with the installation link in your order confirmation e-mail.',
      'Samples: processing begins 3-7 business days after payment, then shipping takes 3-5 days.',
    ]);
  });

  it('a booked visit is stated with its window', () => {
    const visit = { status: 'scheduled', date: '2027-03-08', window: '1:00 PM - 5:00 PM' } as const;
    expect(nextSteps({ ...noSamples, installation: true, shippingAddress: dallas }, visit)[2]).toBe(
      'Installation: our crew comes on Monday, March 8, 2027, 1:00 PM - 5:00 PM (Central time). Change or cancel the visit with the link in your installation e-mail.',
    );
  });

  it('a samples-only order hears only about its samples', () => {
    expect(nextSteps({ ...order, installation: false, totals: { ...order.totals, blindCount: 0 } })).toEqual([
      'Samples: processing begins 3-7 business days after payment, then shipping takes 3-5 days.',
    ]);
  });
});
