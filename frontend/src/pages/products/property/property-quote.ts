import { clientDisplayName } from '#domain/accounts/client';
import { checkoutAddressSchema } from '#domain/checkout/checkout';
import type { Configuration } from '#domain/pricing/configuration';
import { fetchAccount } from '../../../api/account';
import { createCustomerQuote, type CustomerQuoteView } from '../../../api/customer-quotes';
import { fetchProperties } from '../../../api/properties';

/**
 * "Save as Quote" for a property's windows: the blinds are quoted for the signed-in client, shipped
 * to the property's own address (the server prices them as checkout would and checks the address again).
 */
export async function quotePropertyWindows(
  propertyId: string,
  lines: Array<{ configuration: Configuration; roomLabel: string | null }>,
): Promise<{ ok: true; quote: CustomerQuoteView } | { ok: false; message: string }> {
  const [{ properties }, account] = await Promise.all([fetchProperties(), fetchAccount()]);
  const property = properties.find((candidate) => candidate.id === propertyId);
  if (!property) return { ok: false, message: 'This property no longer exists.' };
  const address = checkoutAddressSchema.safeParse(property);
  if (!address.success) {
    return {
      ok: false,
      message: `Please complete ${property.name}'s address before saving a quote: ${address.error.issues[0]!.message}`,
    };
  }
  const quote = await createCustomerQuote({
    customer: { name: clientDisplayName(account), email: account.email, phone: account.phone ?? '' },
    shippingAddress: address.data,
    lines,
  });
  return { ok: true, quote };
}
