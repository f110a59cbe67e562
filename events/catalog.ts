import { z } from 'zod';
import { GRID_KINDS } from '../domain/catalogue/grids/types';
import { contactMessageSchema } from '../domain/contact';
import { sampleRequestSchema } from '../domain/samples/sample';

/**
 * The event contracts: each event's name, versioned detail schema and the consumers that receive
 * it. The CDK events stack makes one rule per consumer; the local bus applies the same list.
 * Producers publish only after their write committed; consumers may receive an event twice or out
 * of order and must produce one effect (idempotent by event id).
 */
export const EVENT_SOURCE = 'shop';

export interface EventConsumer {
  /** Stable id: names the rule and the Lambda function. PascalCase. */
  id: string;
  handler: { file: string; export: string };
  grants: Array<'table:read' | 'table:write' | 'mail:send' | 'storage:read' | 'storage:write' | 'bus:publish'>;
}

export interface EventDeclaration<S extends z.ZodType = z.ZodType> {
  /** detail-type on the bus; past tense. */
  name: string;
  version: number;
  detail: S;
  consumers: EventConsumer[];
}

function declare<S extends z.ZodType>(event: EventDeclaration<S>): EventDeclaration<S> {
  return event;
}

export const ContactMessageSubmitted = declare({
  name: 'ContactMessageSubmitted',
  version: 1,
  detail: z.object({
    messageId: z.string(),
    submittedAt: z.iso.datetime(),
    message: contactMessageSchema,
  }),
  consumers: [
    {
      id: 'NotifyStaffOfContactMessage',
      handler: { file: 'functions/contact/notify-staff.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff replaced a price grid; the shop prices with it within a minute (grid cache). */
export const PriceGridReplaced = declare({
  name: 'PriceGridReplaced',
  version: 1,
  detail: z.object({
    kind: z.enum(GRID_KINDS),
    version: z.string(),
    previousVersion: z.string().nullable(),
    rowCount: z.number().int().positive(),
    uploadedBy: z.string(),
    uploadedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A configuration was added to a cart (or added to the quantity of its line), priced by the server. */
export const CartItemAdded = declare({
  name: 'CartItemAdded',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    lineId: z.string(),
    clientId: z.string().nullable(),
    family: z.string(),
    series: z.string(),
    quantityAdded: z.number().int().positive(),
    unitCents: z.number().int().nonnegative(),
    addedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A cart became abandoned: idle for 24 hours, replaced by a new cart of its session, or its client signed out. */
export const CartAbandoned = declare({
  name: 'CartAbandoned',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    clientId: z.string().nullable(),
    reason: z.enum(['idle', 'replaced', 'signed-out']),
    lastUpdatedAt: z.iso.datetime(),
    abandonedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A shopper requested the samples of their sample cart; staff send them, the shopper gets an acknowledgement. */
export const SampleRequestSubmitted = declare({
  name: 'SampleRequestSubmitted',
  version: 1,
  detail: z.object({
    requestId: z.string(),
    reference: z.string(),
    submittedAt: z.iso.datetime(),
    shopper: sampleRequestSchema,
    samples: z.array(z.object({ productName: z.string(), color: z.string(), material: z.string() })).min(1),
  }),
  consumers: [
    {
      id: 'NotifyOfSampleRequest',
      handler: { file: 'functions/samples/notify-sample-request.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

export const eventCatalog: EventDeclaration[] = [ContactMessageSubmitted, PriceGridReplaced, CartItemAdded, CartAbandoned, SampleRequestSubmitted];

export type EventDetail<E extends EventDeclaration> = z.infer<E['detail']>;
