/**
 * The sample cart's messages, apart from the sample schemas so that a product page's colour
 * swatches can tell them apart without bringing zod into its first load (decision 0026).
 */
export const SAMPLE_MESSAGES = {
  duplicate: 'Sample already in cart',
  notFound: 'Sample not found in cart',
  unknownColor: 'This color has no sample. Please choose a color from the list.',
  emptyCart: 'Your sample cart is empty. Add a sample from any product color before requesting.',
  sessionRefused: 'Could not access your sample cart.',
} as const;
