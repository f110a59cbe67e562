import { randomUUID } from 'node:crypto';
import { contactMessageSchema } from '#domain/contact';
import { ContactMessageSubmitted } from '#events/contact';
import { publish } from '../lib/events';
import { httpHandler, json, parseBody } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { putContactMessage } from './contact-store';

/** POST /api/contact-messages: keeps the message for staff, then tells the bus (mail goes from there). */
export const submitContactMessage = httpHandler(async (event) => {
  const message = parseBody(event, contactMessageSchema);
  await limitAttempt(event, 'contactMessage', message.email);
  const messageId = randomUUID();
  const submittedAt = new Date().toISOString();
  await putContactMessage(messageId, submittedAt, message);
  await publish(ContactMessageSubmitted, { messageId, submittedAt, message });
  return json(201, { id: messageId });
});
