/**
 * Staff roles: Cognito groups, each admitting a member of staff to some duties of the shop. The
 * routes declare the duty they serve (functions/routing.ts `staff(...)`), the API admits the roles
 * of that duty, and the admin area shows a role only the tabs of its duties (docs/decisions
 * 0071-staff-roles). Shared with the browser.
 */
import * as z from 'zod';
import type { LineAction, StaffAction } from '../orders/statuses';
import type { ReturnAction } from '../returns/return-request';

export const STAFF_ROLES = ['owner', 'manager', 'support', 'fulfilment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, { message: 'Choose one of owner, manager, support or fulfilment.' });

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  support: 'Support',
  fulfilment: 'Fulfilment',
};

/** What each role is for, as the Staff tab explains it. */
export const STAFF_ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: 'Everything, including staff and secrets',
  manager: 'Orders, refunds, prices, promotions, configurations',
  support: 'Chat, customers, orders (read), return requests',
  fulfilment: 'Production stages, shipping, installations, samples, returns received',
};

/**
 * The group every member of staff was in before roles. Its members are owners: the accounts made
 * before roles (and the local stack's seeded staff account) keep everything they had, with no
 * migration; the Staff tab moves a member out of it the first time their roles are changed.
 */
export const LEGACY_STAFF_GROUP = 'admin';

/**
 * The duties of the shop's staff, and the roles besides the owner that each admits; the owner is
 * admitted to every duty. A route declares one duty; a route that does two things of different
 * duties (an order transition that refunds) declares the wider and its handler checks each action.
 */
const DUTY_ROLES = {
  /** Members of staff and their roles, job applicants. */
  staff: [],
  /** Shared secrets rotated, webhooks and their signing secrets. */
  secrets: [],
  /** The System Monitor and dead letters. */
  operations: [],
  /** The audit log of staff actions. */
  audit: [],
  /** Any member of staff: the admin area's own session. */
  anyStaff: ['manager', 'support', 'fulfilment'],
  /** Orders and returns read, their history and documents; a route that moves returns (each action checked). */
  ordersRead: ['manager', 'support', 'fulfilment'],
  /** Orders moved along: production stages, shipping, delivery (a refund is checked per action). */
  orderProgress: ['manager', 'fulfilment'],
  /** Refunds and cancellations that give money back. */
  refunds: ['manager'],
  /** Price grids, volume tiers, client price lists, payment terms, customer quotes' prices. */
  prices: ['manager'],
  /** Promotions and price matches (which end in a promotion). */
  promotions: ['manager'],
  /** Punch-out configurations and clients, shop closures, invoices and receivables. */
  configurations: ['manager'],
  /** Live chat with customers. */
  chat: ['support'],
  /** The customer directory and leads, customer quotes read. */
  customers: ['manager', 'support'],
  /** Privacy requests made by mail: a customer's data exported, their account closed (erasing data for good). */
  privacy: ['manager'],
  /** Appointments: consultations and measuring visits, booked with customers and carried out. */
  appointments: ['support', 'fulfilment'],
  /** Return requests decided (approved, refused). */
  returnsRequested: ['support'],
  /** Returns moved once the goods are back: received, inspected. */
  returnsReceived: ['fulfilment'],
  /** Sample requests sent and delivered. */
  samples: ['fulfilment'],
  /** Installations scheduled and carried out. */
  installations: ['fulfilment'],
} as const satisfies Record<string, readonly Exclude<StaffRole, 'owner'>[]>;

export type StaffDuty = keyof typeof DUTY_ROLES;

/** The roles a duty admits, the owner first. */
export function rolesOfDuty(duty: StaffDuty): StaffRole[] {
  return ['owner', ...DUTY_ROLES[duty]];
}

/** A member of staff's roles, from their Cognito groups: the legacy group reads as owner. */
export function staffRolesOf(groups: readonly string[]): StaffRole[] {
  return STAFF_ROLES.filter(
    (role) => groups.includes(role) || (role === 'owner' && groups.includes(LEGACY_STAFF_GROUP)),
  );
}

/** Whether someone with these roles may carry out the duty. */
export function mayDo(roles: readonly StaffRole[], duty: StaffDuty): boolean {
  const admitted = rolesOfDuty(duty);
  return roles.some((role) => admitted.includes(role));
}

/** An order's staff action and its duty: a cancellation gives money back; every other action moves the order on. */
export function dutyOfOrderAction(action: StaffAction): StaffDuty {
  return action === 'cancel' ? 'refunds' : 'orderProgress';
}

/** A line's staff action and its duty: cancelling a line gives its share back; every other move is production's. */
export function dutyOfLineAction(action: LineAction): StaffDuty {
  return action === 'cancelLine' ? 'refunds' : 'orderProgress';
}

/** A return's staff action and its duty: decided by support, received by fulfilment, refunded by a manager. */
export const RETURN_ACTION_DUTIES = {
  approve: 'returnsRequested',
  decline: 'returnsRequested',
  receive: 'returnsReceived',
  refund: 'refunds',
  remake: 'orderProgress',
} as const satisfies Record<ReturnAction, StaffDuty>;
