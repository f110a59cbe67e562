/**
 * On OrderStatusChanged to cancelled of an order that bought installation (cancelled by the
 * customer or by staff): its visit is cancelled with it, the crew's window it held freed, and it
 * leaves the crews' lists. Idempotent: a visit already cancelled (or completed) is left alone, and
 * the change is made on the visit's version, so a redelivery, or a reschedule made meanwhile, never
 * frees a place twice; a visit changed meanwhile is read again. A visit the customer had been sent
 * (a bought order's, with a date) is reported by InstallationCancelled, committed with the change,
 * so its calendar file is withdrawn by one mail however often this runs. Cancelled by staff, the
 * visit's audit log entry is written in the same transaction (once: a redelivery finds it cancelled).
 */
import { INSTALLATION_LIFECYCLE } from '#domain/appointments/installation';
import { Conflict } from '#domain/errors';
import { inOrderHistory } from '#domain/orders/lifecycle';
import { InstallationCancelled } from '#events/appointments';
import type { EventDetail } from '#events/declaration';
import { OrderStatusChanged } from '#events/orders';
import { consumer } from '../lib/event-consumer';
import { outboxEvent } from '../lib/event-outbox';
import { installationDetail } from './installation-events';
import { endInstallationVisit, getInstallation } from './installation-store';

const ATTEMPTS = 3;

export const handler = consumer(
  OrderStatusChanged,
  'CancelInstallationWithOrder',
  (change) => cancelVisitWithOrder(change),
  {
    onceFor: (change) => `${change.orderId}#${change.to}`,
  },
);

/** The visit of the cancelled order the change reports, cancelled (any other change, or no visit left to cancel: nothing). */
export async function cancelVisitWithOrder(change: EventDetail<typeof OrderStatusChanged>): Promise<void> {
  if (change.to !== 'cancelled' || !change.installation) return;
  // Before payment the visit was only held: the customer was sent no booking to withdraw.
  const booked = inOrderHistory({ paymentStatus: change.paymentStatus });
  const { changedBy } = change;
  const staff =
    changedBy.kind === 'staff' && changedBy.id ? { staffId: changedBy.id, action: 'cancelWithOrder' } : undefined;
  for (let attempt = 1; ; attempt += 1) {
    const installation = await getInstallation(change.orderId);
    if (!installation || !INSTALLATION_LIFECYCLE.can(installation.status, 'cancelWithOrder')) return;
    const { date, window, startsAt } = installation;
    const previous =
      installation.status === 'scheduled' && date && window && startsAt ? { date, window, startsAt } : null;
    try {
      await endInstallationVisit(
        installation,
        'cancelled',
        change.changedAt,
        (ended) =>
          booked && previous
            ? [
                outboxEvent(InstallationCancelled, {
                  ...installationDetail(ended),
                  previous,
                  by: changedBy.kind === 'staff' ? 'staff' : 'customer',
                  withOrder: true,
                  cancelledAt: change.changedAt,
                }),
              ]
            : [],
        staff,
      );
      return;
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= ATTEMPTS) throw error;
    }
  }
}
