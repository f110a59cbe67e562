/**
 * AccountClosed: the photos sent with the client's return requests show their home and are no tax
 * record, so they are deleted while the requests are kept. The uploads bucket is versioned: its
 * lifecycle rule removes the deleted versions a day later. Deleting again (a redelivery) is harmless.
 */
import { AccountClosed } from '#events/accounts';
import { consumer } from '../lib/event-consumer';
import { deleteUpload } from '../lib/uploads';

export const deleteReturnPhotosOfClosedAccount = consumer(
  AccountClosed,
  'DeleteReturnPhotosOfClosedAccount',
  async ({ returnPhotoKeys }) => {
    await Promise.all(returnPhotoKeys.map((key) => deleteUpload(key, undefined)));
  },
);
