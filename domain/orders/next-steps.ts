/**
 * What happens after an order is paid, with the spec's timings, for the confirmation mail (and any
 * page that says "what's next"). Blinds: production 7-10 business days with no rush option, then
 * delivery in 3-5 days, free locally in DFW (storefront section 9, as the shipping page says it).
 * Samples: "processing begins 3-7 business days after payment", then 3-5 days shipping (the
 * accounts spec's after-payment messaging and storefront section 9). The accounts spec's
 * "estimated delivery 7-10 business days" is the production time alone, so it is not repeated.
 */
import { isInDfwMetro } from '../checkout/totals';
import type { PaidOrder } from './invoice';

export const PRODUCTION_TEXT = 'made to your measurements in 7-10 business days (there is no rush option)';
export const SAMPLE_PROCESSING_AFTER_PAYMENT_TEXT = 'processing begins 3-7 business days after payment, then shipping takes 3-5 days';

export function nextSteps(order: Pick<PaidOrder, 'totals' | 'samples' | 'installation' | 'shippingAddress'>): string[] {
  const blinds = order.totals.blindCount;
  const steps: string[] = [];
  if (blinds > 0) {
    steps.push(`Production: your ${blinds === 1 ? 'blind is' : `${blinds} blinds are`} ${PRODUCTION_TEXT}.`);
    steps.push(
      isInDfwMetro(order.shippingAddress)
        ? 'Delivery: free local delivery in Dallas-Fort Worth, 3-5 days after production.'
        : 'Shipping: your order ships when production is done and arrives in 3-5 days.',
    );
  }
  if (order.installation) {
    steps.push('Installation: we will call you to schedule your professional installation once your blinds are ready.');
  }
  if (order.samples.length > 0) {
    steps.push(`Samples: ${SAMPLE_PROCESSING_AFTER_PAYMENT_TEXT}.`);
  }
  return steps;
}
