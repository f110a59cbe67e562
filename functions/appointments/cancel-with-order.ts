/**
 * On OrderStatusChanged to cancelled of an order that bought installation (cancelled by the
 * customer or by staff): its visit is cancelled with it, the crew's window it held freed, and it
 * leaves the crews' lists. Idempotent: a visit already cancelled (or completed) is left alone, and
 * the change is made on the visit's version, so a redelivery, or a reschedule made meanwhile, never
 * frees a place twice; a visit changed meanwhile is read again.
 */
import { INSTALLATION_LIFECYCLE } from '#domain/appointments/installation';
import { Conflict } from '#domain/errors';
import { OrderStatusChanged } from '#events/orders';
import { consumer } from '../lib/event-consumer';
import { endInstallationVisit, getInstallation } from './installation-store';

const ATTEMPTS = 3;

export const handler = consumer(
  OrderStatusChanged,
  'CancelInstallationWithOrder',
  async (change) => {
    if (change.to !== 'cancelled' || !change.installation) return;
    for (let attempt = 1; ; attempt += 1) {
      const installation = await getInstallation(change.orderId);
      if (!installation || !INSTALLATION_LIFECYCLE.can(installation.status, 'cancelWithOrder')) return;
      try {
        await endInstallationVisit(installation, 'cancelled', change.changedAt);
        return;
      } catch (error) {
        if (!(error instanceof Conflict) || attempt >= ATTEMPTS) throw error;
      }
    }
  },
  { onceFor: (change) => `${change.orderId}#${change.to}` },
);
