import { decideStaffTransition } from '#domain/orders/lifecycle';
import { InstallationCompleted } from '#events/appointments';
import { consumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';
import { moveOrder } from './order-moves';
import { readOrderHeader } from './order-store';

/** Another change of the order may land between the read and the move (a payment's webhook): read again this often. */
const MOVE_ATTEMPTS = 3;

/**
 * On InstallationCompleted: the order becomes installed by the lifecycle's `install` move, on behalf
 * of the staff member who recorded the visit, so its history entry and OrderStatusChanged (the
 * customer's installed mail, by their preferences) are those of the Orders tab's move. Once per
 * order: an order already installed (by staff in the Orders tab, or by an earlier delivery of this
 * event) is left as it is.
 */
export const handler = consumer(
  InstallationCompleted,
  'MarkOrderInstalled',
  async ({ orderId, staffId, completedAt }) => {
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt += 1) {
      const order = await readOrderHeader(orderId);
      if (!order) throw new Error(`InstallationCompleted names order ${orderId}, which does not exist`);
      if (order.status === 'installed') return;
      const decision = decideStaffTransition(order, 'install');
      // The route completes only a delivered order's visit, and a delivered order cannot leave that status but by install.
      if (!decision.ok) throw new Error(`Order ${order.orderNumber} cannot be marked installed: ${decision.reason}`);
      const moved = await moveOrder(
        order,
        'install',
        { action: 'install' },
        { kind: 'staff', id: staffId },
        new Date(),
      );
      if (moved) return;
      logger.info('Order changed while being marked installed; reading it again', { orderId, completedAt });
    }
    throw new Error(`Order ${orderId} kept changing while being marked installed`);
  },
  { onceFor: ({ orderId }) => orderId },
);
