/**
 * What a webhook delivery carries, declared once. Every deliverable event is sent as the JSON
 * envelope {id, type, time, data}; the events the old shop posted to its spreadsheet script may
 * instead be sent in the spec's spreadsheet shape, encoded as the old shop sent it (the order as a
 * form post, the chat posts as JSON, the measurement booking as a multipart form). A new event is
 * delivered by adding one line to WEBHOOK_PAYLOADS.
 */
import * as z from 'zod';
import { formatCents } from '../pricing/money';
import { groupThousands } from '../thousands';

export const WEBHOOK_SHAPES = ['envelope', 'spreadsheet'] as const;
export type WebhookShape = (typeof WEBHOOK_SHAPES)[number];

/** How a spreadsheet body is encoded on the wire: JSON, or a form post (application/x-www-form-urlencoded). */
export type WebhookEncoding = 'json' | 'form';

/** The order post, once per paid order. */
export const orderSpreadsheetRowSchema = z.strictObject({
  type: z.literal('Order'),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  orderNumber: z.string(),
  orderDetails: z.string(),
  orderDate: z.string(),
});
export type OrderSpreadsheetRow = z.infer<typeof orderSpreadsheetRowSchema>;

/** A chat started; a chat without a phone number says 'Not provided'. */
export const newChatSpreadsheetRowSchema = z.strictObject({
  type: z.literal('new_chat'),
  customerName: z.string(),
  customerPhone: z.string(),
  timestamp: z.string(),
});
export type NewChatSpreadsheetRow = z.infer<typeof newChatSpreadsheetRowSchema>;

/** Each customer chat message. */
export const newMessageSpreadsheetRowSchema = z.strictObject({
  type: z.literal('new_message'),
  customerName: z.string(),
  message: z.string(),
  timestamp: z.string(),
});
export type NewMessageSpreadsheetRow = z.infer<typeof newMessageSpreadsheetRowSchema>;

/** A measurement booking, which the old shop posted as a multipart form (sent here as a form post). */
export const measurementSpreadsheetRowSchema = z.strictObject({
  name: z.string(),
  address: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  email: z.string(),
  orderNumber: z.string(),
  date: z.string(),
  time: z.string(),
  type: z.literal('Measurement'),
});
export type MeasurementSpreadsheetRow = z.infer<typeof measurementSpreadsheetRowSchema>;

export const NOT_PROVIDED = 'Not provided';

/** The parts of AppointmentBooked's detail the measurement row reads. */
export interface AppointmentForRow {
  date: string;
  time: string;
  contact: { name: string; address: string; zipCode: string; phone: string; email: string; orderNumber: string };
}

export function measurementSpreadsheetRow({ date, time, contact }: AppointmentForRow): MeasurementSpreadsheetRow {
  return {
    name: contact.name,
    address: contact.address,
    zipCode: contact.zipCode,
    phone: contact.phone,
    email: contact.email,
    orderNumber: contact.orderNumber,
    date,
    time,
    type: 'Measurement',
  };
}

/** The parts of an order event the order row reads (OrderPaid's detail has them all). */
export interface OrderForRow {
  orderNumber: string;
  customer: { name: string; email: string; phone: string };
  lines: Array<{ title: string; quantity: number; description: string[]; lineCents: number }>;
  /** False for an order whose event is too large to carry its lines (events/orders.ts). */
  linesIncluded: boolean;
  samples: Array<{ productName: string; color: string }>;
  totals: { blindCount: number; totalCents: number; discounts: Array<{ label: string; cents: number }> };
  placedAt: string;
}

/** One line per blind and sample, each discount, then the total: what staff read in the spreadsheet's cell. */
export function orderSpreadsheetRow(order: OrderForRow): OrderSpreadsheetRow {
  const lines = order.linesIncluded
    ? order.lines.map(
        (line) => `${line.quantity} × ${line.title} (${line.description.join(', ')}): ${formatCents(line.lineCents)}`,
      )
    : [`${groupThousands(order.totals.blindCount)} blinds, too many to list here: see the order in the shop's admin`];
  const samples = order.samples.map((sample) => `Sample: ${sample.productName}, ${sample.color}`);
  return {
    type: 'Order',
    name: order.customer.name,
    email: order.customer.email,
    phone: order.customer.phone,
    orderNumber: order.orderNumber,
    orderDetails: [
      ...lines,
      ...samples,
      ...order.totals.discounts.map((discount) => `${discount.label}: ${formatCents(-discount.cents)}`),
      `Total: ${formatCents(order.totals.totalCents)}`,
    ].join('\n'),
    orderDate: order.placedAt,
  };
}

export function newChatSpreadsheetRow(chat: {
  customerName: string;
  customerPhone: string | null;
  startedAt: string;
}): NewChatSpreadsheetRow {
  return {
    type: 'new_chat',
    customerName: chat.customerName,
    customerPhone: chat.customerPhone || NOT_PROVIDED,
    timestamp: chat.startedAt,
  };
}

export function newMessageSpreadsheetRow(message: {
  customerName: string;
  text: string;
  postedAt: string;
}): NewMessageSpreadsheetRow {
  return {
    type: 'new_message',
    customerName: message.customerName,
    message: message.text,
    timestamp: message.postedAt,
  };
}

export interface SpreadsheetPayload<D> {
  encoding: WebhookEncoding;
  row: (detail: D) => Record<string, string>;
}

/**
 * Deliverable event (its name in events/catalog.ts) → its spreadsheet payload, or null for the
 * envelope only. Each row function takes the fields of that event's detail it reads.
 */
export const WEBHOOK_PAYLOADS = {
  ContactMessageSubmitted: null,
  SampleRequestSubmitted: null,
  PriceGridReplaced: null,
  CartItemAdded: null,
  CartItemsAdded: null,
  CartAbandoned: null,
  OrderPlaced: null,
  OrderPaid: { encoding: 'form', row: orderSpreadsheetRow } satisfies SpreadsheetPayload<OrderForRow>,
  OrderPaymentFailed: null,
  OrderPaymentFlagged: null,
  OrderStatusChanged: null,
  OrderRefunded: null,
  PunchoutInvoiceIssued: null,
  PunchoutSetupStarted: null,
  PunchoutSubmitted: null,
  ChatStarted: { encoding: 'json', row: newChatSpreadsheetRow } satisfies SpreadsheetPayload<
    Parameters<typeof newChatSpreadsheetRow>[0]
  >,
  ChatMessagePosted: { encoding: 'json', row: newMessageSpreadsheetRow } satisfies SpreadsheetPayload<
    Parameters<typeof newMessageSpreadsheetRow>[0]
  >,
  AppointmentBooked: {
    encoding: 'form',
    row: measurementSpreadsheetRow,
  } satisfies SpreadsheetPayload<AppointmentForRow>,
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_PAYLOADS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_PAYLOADS) as [WebhookEventType, ...WebhookEventType[]];

/** The event type of "Send test event": delivered as an envelope to the one subscription, whatever it chose. */
export const WEBHOOK_TEST_EVENT_TYPE = 'WebhookTest';

export function hasSpreadsheetShape(type: string): boolean {
  return type in WEBHOOK_PAYLOADS && WEBHOOK_PAYLOADS[type as WebhookEventType] !== null;
}

/** The Standard Webhooks body of every event: its id (also the webhook-id), type, time and detail. */
export const webhookEnvelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  time: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;
