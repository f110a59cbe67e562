/**
 * The sample cart's messages and limit, apart from the sample schemas so that a product page's colour
 * swatches, the cart and the free samples page use them without bringing zod into their first load (decision 0026).
 */
export const SAMPLE_MESSAGES = {
  duplicate: 'Sample already in cart',
  notFound: 'Sample not found in cart',
  unknownColor: 'This color has no sample. Please choose a color from the list.',
  emptyCart: 'Your sample cart is empty. Add a sample from any product color before requesting.',
  sessionRefused: 'Could not access your sample cart.',
} as const;

/** A sample request's messages after it is made, apart so that the swatches' first load does not carry them. */
export const SAMPLE_REQUEST_MESSAGES = {
  requestNotFound: 'Sample request not found.',
  paymentFailed: 'The payment page could not be opened. Please try again.',
  changedMeanwhile: 'This sample request changed while you were working on it. Please reload it and try again.',
} as const;

/**
 * At most 10 samples in one request: the FAQ suggests comparing two or three colours per room, so
 * ten covers three or four rooms, and ten chips still travel in the one padded envelope that the
 * flat $15 sample shipping pays for.
 */
export const MAX_SAMPLES_PER_REQUEST = 10;

export const SAMPLE_LIMIT_MESSAGE = `You can request up to ${MAX_SAMPLES_PER_REQUEST} samples at a time. Please remove one before adding another.`;

/**
 * Flat sample shipping, in cents, as the terms say ($15 flat; processing starts after payment). A
 * request of samples on their own is paid by card on the hosted payment page before it is accepted;
 * samples that ride along with blinds add it to that order's total.
 */
export const SAMPLE_SHIPPING_CENTS = 1500;
export const SAMPLE_SHIPPING_NOTE =
  'Sample shipping: $15 flat, paid by card when you request samples on their own, or added to your order when they come with blinds';

/** The request form's button: the shopper goes on to the payment page. */
export const SAMPLE_PAY_BUTTON = 'Continue to Payment ($15)';

/** How long a sample takes: processing after the request, then shipping. */
export const SAMPLE_PROCESSING_TEXT = 'We process sample requests in 3-7 business days; shipping then takes 3-5 days.';
