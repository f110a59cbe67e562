import * as z from 'zod';
import { RETURN_KINDS, RETURN_REASON_IDS, RETURN_STATUSES, returnLineSchema } from '#domain/returns/return-request';
import { declare } from './declaration';

/** What every return event carries, so its consumers need no read: the request as the customer sent it. */
const returnSnapshot = {
  returnId: z.string(),
  returnNumber: z.string(),
  kind: z.enum(RETURN_KINDS),
  reason: z.enum(RETURN_REASON_IDS),
  note: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(returnLineSchema),
  photoCount: z.number().int().nonnegative(),
  refundCents: z.number().int().nonnegative(),
};

/** A customer asked to return blinds of a delivered order (status requested). Staff are mailed, and the customer's request acknowledged. */
export const ReturnRequested = declare({
  name: 'ReturnRequested',
  version: 1,
  detail: z.object({ ...returnSnapshot, requestedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyOfReturnRequested',
      handler: { file: 'functions/returns/notify-returns.ts', export: 'returnRequested' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** A customer asked for the order's one Fit Assurance remake (status requested). Staff are mailed, and the customer's request acknowledged. */
export const RemakeRequested = declare({
  name: 'RemakeRequested',
  version: 1,
  detail: z.object({ ...returnSnapshot, requestedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyOfRemakeRequested',
      handler: { file: 'functions/returns/notify-returns.ts', export: 'remakeRequested' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff moved a return or remake request along its lifecycle (RETURN_TRANSITIONS). The customer is mailed. */
export const ReturnStatusChanged = declare({
  name: 'ReturnStatusChanged',
  version: 1,
  detail: z.object({
    ...returnSnapshot,
    from: z.enum(RETURN_STATUSES),
    to: z.enum(RETURN_STATUSES),
    staffNote: z.string(),
    changedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyCustomerOfReturnStatus',
      handler: { file: 'functions/returns/notify-returns.ts', export: 'returnStatusChanged' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
