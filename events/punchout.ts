import * as z from 'zod';
import { declare } from './declaration';

/**
 * A punch-out order shipped and its invoice was made (once per order). Its consumer sends the cXML
 * InvoiceDetailRequest to the configuration's invoice address, if it has one; a failed delivery is
 * retried by the bus's retry policy (then the dead letters, where staff retry it) and each attempt's
 * outcome is recorded on the invoice.
 */
export const PunchoutInvoiceIssued = declare({
  name: 'PunchoutInvoiceIssued',
  version: 1,
  detail: z.object({
    invoiceId: z.string(),
    invoiceNumber: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    configurationId: z.string(),
    totalCents: z.number().int().nonnegative(),
    issuedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'DeliverPunchoutInvoice',
      handler: { file: 'functions/punchout/invoices.ts', export: 'deliverInvoice' },
      grants: ['table:read', 'table:write'],
    },
  ],
});

/**
 * A buyer's setup request was accepted and its start page issued (domain/punchout). No credential,
 * buyer cookie or return URL: only what staff and the monitor count.
 */
export const PunchoutSetupStarted = declare({
  name: 'PunchoutSetupStarted',
  version: 1,
  detail: z.object({
    startId: z.string(),
    configId: z.string(),
    buyerSystem: z.string(),
    operation: z.enum(['create', 'edit', 'inspect']),
    restoredLineCount: z.number().int().nonnegative(),
    startedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A partner cart was returned to the buyer's procurement system (the cart is `submitted`). Staff are mailed. */
export const PunchoutSubmitted = declare({
  name: 'PunchoutSubmitted',
  version: 1,
  detail: z.object({
    submissionId: z.string(),
    configId: z.string(),
    accountNumber: z.string(),
    propertyName: z.string(),
    buyerSystem: z.string(),
    operationAllowed: z.enum(['edit', 'inspect']),
    buyer: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
    lines: z.array(
      z.object({
        position: z.number().int().positive(),
        quantity: z.number().int().positive(),
        unitCents: z.number().int().nonnegative(),
        description: z.string(),
      }),
    ),
    /** False when the cart's lines are too many to carry: `lines` is then empty. Events published before it carried them all. */
    linesIncluded: z.boolean().default(true),
    totalCents: z.number().int().nonnegative(),
    submittedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfPunchoutSubmitted',
      handler: { file: 'functions/punchout/notify-punchout-submitted.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
