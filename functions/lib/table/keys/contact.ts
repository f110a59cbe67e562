/** The table's keys of messages from the contact form (functions/contact); see ../README.md. */

/** A message sent from the contact-us form. Listed for staff newest first through gsi1. */
export function contactMessageKeys(messageId: string, submittedAt: string) {
  return {
    pk: `CONTACT#${messageId}`,
    sk: 'CONTACT',
    gsi1pk: 'CONTACT_MESSAGES',
    gsi1sk: `${submittedAt}#${messageId}`,
  };
}
