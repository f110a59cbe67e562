/**
 * A client's Stripe customer in the table (`CLIENT#<id>` / `STRIPE_CUSTOMER`): one per client,
 * shared by their saved cards and their account invoices, kept by the first writer.
 */
import { getItem, putItem, tryConditional } from '../lib/table/items';
import { stripeCustomerKeys } from '../lib/table/keys/accounts';

export async function readStripeCustomerId(clientId: string): Promise<string | undefined> {
  const item = await getItem(stripeCustomerKeys(clientId), { consistent: true });
  return item ? String(item.stripeCustomerId) : undefined;
}

/** Keeps the client's Stripe customer unless one was kept first; answers the one kept. */
export async function keepStripeCustomerId(clientId: string, stripeCustomerId: string): Promise<string> {
  await tryConditional(
    putItem({
      Item: { ...stripeCustomerKeys(clientId), entity: 'stripeCustomer', stripeCustomerId },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return (await readStripeCustomerId(clientId))!;
}
