import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { contactMessageSchema } from '#domain/contact';
import { ContactMessageSubmitted } from '#events/catalog';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { publish } from '../lib/events';
import { httpHandler, json, parseBody } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { contactMessageKeys } from '../lib/table/keys';

/** POST /api/contact-messages: keeps the message for staff, then tells the bus (mail goes from there). */
export const submitContactMessage = httpHandler(async (event) => {
  const message = parseBody(event, contactMessageSchema);
  await limitAttempt(event, 'contactMessage', message.email);
  const messageId = randomUUID();
  const submittedAt = new Date().toISOString();
  await documentClient().send(
    new PutCommand({
      TableName: config().TABLE_NAME,
      Item: {
        ...contactMessageKeys(messageId, submittedAt),
        type: 'ContactMessage',
        messageId,
        submittedAt,
        ...message,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  await publish(ContactMessageSubmitted, { messageId, submittedAt, message });
  return json(201, { id: messageId });
});
