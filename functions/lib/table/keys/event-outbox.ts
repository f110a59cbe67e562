/** The table's keys of the event outbox (functions/lib/event-outbox.ts); see ../README.md. */

/**
 * An event committed with the change it reports and not yet published (functions/lib/event-outbox.ts,
 * docs/decisions/0033): deleted once on the bus; the sweeper finds those left, oldest first, through gsi1.
 */
export function eventOutboxKeys(eventId: string) {
  return { pk: `EVENT_OUTBOX#${eventId}`, sk: 'EVENT' };
}

export const EVENT_OUTBOX_PARTITION = 'EVENT_OUTBOX';

export function eventOutboxIndexKeys(createdAt: string, eventId: string) {
  return { gsi1pk: EVENT_OUTBOX_PARTITION, gsi1sk: `${createdAt}#${eventId}` };
}
