/**
 * An order's production stages as tracking and My Account show them: each stage done with when it
 * was reached, the one it is in, and each still to come with the date the order was promised for
 * it (the stored estimate, so the page never recomputes a promise). Pure, no calendar: the browser
 * reads it without the business calendar's tables.
 */
import type { Order } from './order';
import type { OrderStatus } from './statuses';

export const TIMELINE_STAGES = ['placed', 'inProduction', 'readyToShip', 'shipped', 'delivered', 'installed'] as const;
export type TimelineStage = (typeof TIMELINE_STAGES)[number];

export const TIMELINE_STAGE_LABELS: Record<TimelineStage, string> = {
  placed: 'Order placed',
  inProduction: 'In production',
  readyToShip: 'Ready to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  installed: 'Installed',
};

/** The stage an order in each status has reached; null for one off the path (cancelled). Pending and processing are both "placed". */
const STAGE_OF_STATUS: Record<OrderStatus, TimelineStage | null> = {
  pending: 'placed',
  processing: 'placed',
  inProduction: 'inProduction',
  readyToShip: 'readyToShip',
  shipped: 'shipped',
  delivered: 'delivered',
  installed: 'installed',
  cancelled: null,
};

export interface TimelineStep {
  stage: TimelineStage;
  label: string;
  /** `done`: reached before the order's current stage; `current`: the stage it is in; `expected`: still to come. */
  state: 'done' | 'current' | 'expected';
  /** When it was reached (ISO instant); null for a stage still to come, or one the order passed without a recorded move. */
  at: string | null;
  /** The day it was promised by (YYYY-MM-DD), for a stage still to come; null when no date was promised for it. */
  expectedBy: string | null;
}

export type TimelineOrder = Pick<
  Order,
  | 'status'
  | 'installation'
  | 'createdAt'
  | 'productionStartedAt'
  | 'readyToShipAt'
  | 'shipment'
  | 'deliveredAt'
  | 'installedAt'
  | 'estimate'
>;

/**
 * The stages of the order's way, installed only where installation was bought; null for a
 * cancelled order. Ready to ship and shipped are expected by the promised ship date, delivered by
 * the promised delivery date; production and installation have no promised day of their own.
 */
export function orderTimeline(order: TimelineOrder): TimelineStep[] | null {
  const reached = STAGE_OF_STATUS[order.status];
  if (reached === null) return null;
  const stages = TIMELINE_STAGES.filter((stage) => stage !== 'installed' || order.installation);
  const reachedAt: Record<TimelineStage, string | null> = {
    placed: order.createdAt,
    inProduction: order.productionStartedAt,
    readyToShip: order.readyToShipAt,
    shipped: order.shipment?.shippedAt ?? null,
    delivered: order.deliveredAt,
    installed: order.installedAt,
  };
  const promised: Record<TimelineStage, string | null> = {
    placed: null,
    inProduction: null,
    readyToShip: order.estimate?.shipsBy ?? null,
    shipped: order.estimate?.shipsBy ?? null,
    delivered: order.estimate?.deliveredBy ?? null,
    installed: null,
  };
  const current = stages.indexOf(reached);
  return stages.map((stage, index) => {
    const state = index < current ? 'done' : index === current ? 'current' : 'expected';
    return {
      stage,
      label: TIMELINE_STAGE_LABELS[stage],
      state,
      at: state === 'expected' ? null : reachedAt[stage],
      expectedBy: state === 'expected' ? promised[stage] : null,
    };
  });
}
