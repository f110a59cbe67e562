import { createHash } from 'node:crypto';
import { stripeClient } from '../lib/stripe';
import { keepStripeCustomerId, readStripeCustomerId } from './stripe-customer-store';

/**
 * The client's Stripe customer: the one kept for them, or one made at Stripe and kept (the first
 * kept wins a race; a loser's customer at Stripe is left empty). The idempotency key names the
 * contact sent, so a retry replays its own request while a request with other details (the saved
 * cards' profile, an invoice's order) is not refused by Stripe as a reused key.
 */
export async function stripeCustomerFor(clientId: string, contact: { email: string; name: string }): Promise<string> {
  const kept = await readStripeCustomerId(clientId);
  if (kept) return kept;
  const params = { email: contact.email, name: contact.name, metadata: { clientId } };
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  const customer = await stripeClient().customers.create(params, {
    idempotencyKey: `customer-${clientId}-${digest}`,
  });
  return keepStripeCustomerId(clientId, customer.id);
}
