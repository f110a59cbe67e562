/**
 * The checkout's quote (customer): the figures the order summary shows as the address changes,
 * computed from the caller's cart and sample cart, the current price grids and the address.
 */
import { checkoutQuoteRequestSchema } from '#domain/checkout/checkout';
import { type CheckoutQuoteWithFitChecks } from '#domain/properties/fit-check';
import { httpHandler, json, parseBody } from '../lib/http';
import { checkoutVisitor, currentCheckout } from './current-checkout';

/** POST /api/checkout/quote */
export const getCheckoutQuote = httpHandler(async (event) => {
  const visitor = checkoutVisitor(event);
  const { shippingAddress, installation, installationOptions, promoCode } = parseBody(
    event,
    checkoutQuoteRequestSchema,
  );
  const { quote: figures, fitChecks: checks } = await currentCheckout(
    visitor,
    shippingAddress,
    { requested: installation, options: installationOptions },
    promoCode,
    new Date(),
  );
  return json(200, { ...figures, fitChecks: checks } satisfies CheckoutQuoteWithFitChecks);
});
