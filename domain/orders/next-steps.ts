/**
 * What happens after an order is paid, with the timings of domain/claims.ts, for the confirmation
 * mail (and any page that says "what's next"). Blinds: production (PRODUCTION_TIME, no rush
 * option), then delivery (DELIVERY_TIME), free locally in DFW, as the shipping page says it.
 * Samples: processing begins SAMPLE_PROCESSING_TIME after payment, then DELIVERY_TIME shipping. The
 * old shop's "estimated delivery" in business days is the production time alone, so it is not
 * repeated.
 */
import { installationWhen, type InstallationVisitSummary } from '../appointments/installation-choices';
import { isInDfwMetro } from '../checkout/totals';
import { DELIVERY_TIME, PRODUCTION_TIME, SAMPLE_PROCESSING_TIME } from '../claims';
import type { PaidOrder } from './invoice';

export const PRODUCTION_TEXT = `made to your measurements in ${PRODUCTION_TIME} (there is no rush option)`;
export const SAMPLE_PROCESSING_AFTER_PAYMENT_TEXT = `processing begins ${SAMPLE_PROCESSING_TIME} after payment, then shipping takes ${DELIVERY_TIME}`;

/** The installation's step: the window booked, or where to choose one (the order mails' link). */
export function installationStep(visit: InstallationVisitSummary | null): string {
  if (visit?.status === 'scheduled' && visit.date && visit.window)
    return `Installation: our crew comes on ${installationWhen({ date: visit.date, window: visit.window })}. Change or cancel the visit with the link in your installation e-mail.`;
  return 'Installation: choose the date of your visit, after your blinds arrive, with the installation link in your order confirmation e-mail.';
}

export function nextSteps(
  order: Pick<PaidOrder, 'totals' | 'samples' | 'installation' | 'shippingAddress'>,
  visit: InstallationVisitSummary | null = null,
): string[] {
  const blinds = order.totals.blindCount;
  const steps: string[] = [];
  if (blinds > 0) {
    steps.push(`Production: your ${blinds === 1 ? 'blind is' : `${blinds} blinds are`} ${PRODUCTION_TEXT}.`);
    steps.push(
      isInDfwMetro(order.shippingAddress)
        ? `Delivery: free local delivery in Dallas-Fort Worth, ${DELIVERY_TIME} after production.`
        : `Shipping: your order ships when production is done and arrives in ${DELIVERY_TIME}.`,
    );
  }
  if (order.installation) {
    steps.push(installationStep(visit));
  }
  if (order.samples.length > 0) {
    steps.push(`Samples: ${SAMPLE_PROCESSING_AFTER_PAYMENT_TEXT}.`);
  }
  return steps;
}
