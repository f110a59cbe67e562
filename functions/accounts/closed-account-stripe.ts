/**
 * AccountClosed: the client's Stripe customer is deleted, and the cards saved to it with it (paid
 * invoices stay at Stripe). A customer already deleted (a redelivery) is done.
 */
import { AccountClosed } from '#events/accounts';
import { consumer } from '../lib/event-consumer';
import { stripeClient } from '../lib/stripe';

export const deleteStripeCustomerOfClosedAccount = consumer(
  AccountClosed,
  'DeleteStripeCustomerOfClosedAccount',
  async ({ stripeCustomerId }) => {
    if (!stripeCustomerId) return;
    try {
      await stripeClient().customers.del(stripeCustomerId);
    } catch (error) {
      if ((error as { code?: string }).code !== 'resource_missing') throw error;
    }
  },
);
