/**
 * A client's Notification Preferences as a mail consumer reads them: the profile item's one field,
 * without the client store's other rules (properties, directory), which a mailer's bundle does not need.
 */
import type { NotificationPreferences } from '#domain/accounts/client';
import { getItem } from '../lib/table/items';
import { clientProfileKeys } from '../lib/table/keys/accounts';

/** Their preferences, or undefined without a profile (or one stored before preferences existed): every mail then goes. */
export async function readNotificationPreferences(clientId: string): Promise<NotificationPreferences | undefined> {
  const { pk, sk } = clientProfileKeys(clientId, '');
  const item = await getItem({ pk, sk });
  return item?.notificationPreferences as NotificationPreferences | undefined;
}
