import { describe, expect, it } from 'vitest';
import { CONFIRMATION_WAIT_LIMIT_MS, confirmationView } from './payment-confirmation';

describe('the success page’s wait for the payment webhook', () => {
  it('confirms while the payment is pending, then says it is still confirming once the wait is over', () => {
    expect(confirmationView('pending', 0)).toBe('confirming');
    expect(confirmationView('pending', CONFIRMATION_WAIT_LIMIT_MS - 1)).toBe('confirming');
    expect(confirmationView('pending', CONFIRMATION_WAIT_LIMIT_MS)).toBe('stillConfirming');
  });

  it('shows a paid order as soon as the webhook has made it paid, however long it took', () => {
    expect(confirmationView('paid', 0)).toBe('paid');
    expect(confirmationView('paid', CONFIRMATION_WAIT_LIMIT_MS * 2)).toBe('paid');
  });

  it('never calls a flagged, failed, expired or refunded payment successful', () => {
    expect(confirmationView('flagged', 0)).toBe('underReview');
    expect(confirmationView('failed', 0)).toBe('notPaid');
    expect(confirmationView('expired', 0)).toBe('notPaid');
    expect(confirmationView('refunded', 0)).toBe('refunded');
  });
});
