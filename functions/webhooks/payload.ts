/**
 * The body of one delivery: the event as the Standard Webhooks envelope, or the row of its
 * spreadsheet shape encoded as the old shop sent it (WEBHOOK_PAYLOADS).
 */
import {
  WEBHOOK_PAYLOADS,
  type WebhookEnvelope,
  type WebhookEventType,
  type WebhookShape,
} from '#domain/webhooks/payloads';

/** An event as the webhooks keep it (its detail already checked against events/catalog.ts). */
export interface WebhookEvent {
  id: string;
  type: string;
  time: string;
  data: Record<string, unknown>;
}

export function webhookBody(event: WebhookEvent, shape: WebhookShape): { body: string; contentType: string } {
  const spreadsheet = shape === 'spreadsheet' ? WEBHOOK_PAYLOADS[event.type as WebhookEventType] : null;
  if (!spreadsheet) {
    const envelope: WebhookEnvelope = { id: event.id, type: event.type, time: event.time, data: event.data };
    return { body: JSON.stringify(envelope), contentType: 'application/json' };
  }
  // The row functions take the detail their event declares; the fan-out parsed it with that schema.
  const row = (spreadsheet.row as (detail: unknown) => Record<string, string>)(event.data);
  return spreadsheet.encoding === 'form'
    ? { body: new URLSearchParams(row).toString(), contentType: 'application/x-www-form-urlencoded' }
    : { body: JSON.stringify(row), contentType: 'application/json' };
}
