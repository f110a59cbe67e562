/**
 * The only place that composes key values of the single table. Each builder returns the item's
 * primary key and, where it is listed by an index, the index keys too. See README.md beside this file.
 */

/** A message sent from the contact-us form. Listed for staff newest first through gsi1. */
export function contactMessageKeys(messageId: string, submittedAt: string) {
  return {
    pk: `CONTACT#${messageId}`,
    sk: 'CONTACT',
    gsi1pk: 'CONTACT_MESSAGES',
    gsi1sk: `${submittedAt}#${messageId}`,
  };
}

/** A browser's open WebSocket connection. */
export function connectionKeys(connectionId: string) {
  return { pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' };
}
