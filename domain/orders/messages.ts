/**
 * What the order routes and pages say. Plain strings apart from the schemas, so a handler or page
 * that only says them loads none of them.
 */

/** The old shop's texts, and ours where it had none. */
export const ORDER_MESSAGES = {
  /** The success page, and every order a caller may not see: one answer, whether it exists or not. */
  notFound: 'Order Not Found',
  /** A wrong number and a wrong e-mail give the same answer. */
  trackingNotFound: 'Order not found. Please check your order number and email address.',
  trackingFailed: 'An error occurred while tracking your order. Please try again.',
  /** Tracking needs both fields. */
  trackingMissing: 'Please enter both order number and email address',
  successLoadFailed: 'Could not load order details.',
  invoiceNotReady: 'Your invoice is not ready yet. Please try again in a minute.',
  refundFailed:
    'The refund could not be made at the payment provider. The order is cancelled; please try Cancel again to retry the refund.',
  searchInvalid: 'Search by an order number (HBB-…) or an e-mail address.',
  /** The customer's Cancel: offered until production starts, and why not after. */
  cancelInProduction:
    'Your order is in production: your blinds are being made to your measurements, so it can no longer be cancelled online. Please contact us if something is wrong.',
  cancelAfterShipping:
    'Your order has left our workshop, so it can no longer be cancelled. If something is not right once it arrives, you can start a return.',
  alreadyCancelled: 'This order is already cancelled.',
  customerChangedMeanwhile:
    'Your order changed while you were cancelling it. Please reload the page to see where it stands.',
  customerRefundFailed:
    'Your order is cancelled, but the refund could not be started just now. We will refund it to your card and e-mail you when it is done.',
  cancelThroughPurchaseOrder: 'This order was placed through your purchasing system: please change or cancel it there.',
  /** Another staff member, or the payment provider, changed the order between reading and writing. */
  changedMeanwhile: 'This order changed while you were working on it. Please reload it and try again.',
} as const;
