/**
 * The success page waits for the payment provider's webhook (never writing itself): it reads the
 * order every 1.5 s while its payment is pending, for up to 30 s, then says honestly that the
 * confirmation is still coming by e-mail.
 */
import type { PaymentStatus } from '#domain/orders/statuses';

export const CONFIRMATION_POLL_INTERVAL_MS = 1_500;
export const CONFIRMATION_WAIT_LIMIT_MS = 30_000;

export type ConfirmationView = 'confirming' | 'paid' | 'stillConfirming' | 'underReview' | 'refunded' | 'notPaid';

/** What the page shows for the order's payment status, `elapsedMs` after it started waiting. */
export function confirmationView(paymentStatus: PaymentStatus, elapsedMs: number): ConfirmationView {
  switch (paymentStatus) {
    case 'paid':
      return 'paid';
    case 'pending':
      return elapsedMs < CONFIRMATION_WAIT_LIMIT_MS ? 'confirming' : 'stillConfirming';
    case 'flagged':
      return 'underReview';
    case 'refunded':
      return 'refunded';
    // An order billed on invoice has no hosted checkout, so this page never shows one.
    case 'failed':
    case 'expired':
    case 'invoice':
    case 'invoicePaid':
      return 'notPaid';
  }
}
