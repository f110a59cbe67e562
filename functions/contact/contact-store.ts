/** Contact messages in the table (see functions/lib/table/README.md): one item each, kept for staff. */
import type { ContactMessage } from '#domain/contact';
import { putItem } from '../lib/table/items';
import { contactMessageKeys } from '../lib/table/keys/contact';

export async function putContactMessage(
  messageId: string,
  submittedAt: string,
  message: ContactMessage,
): Promise<void> {
  await putItem({
    Item: {
      ...contactMessageKeys(messageId, submittedAt),
      entity: 'contactMessage',
      messageId,
      submittedAt,
      ...message,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}
