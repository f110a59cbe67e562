/**
 * Privacy requests (issue 30): a signed-in customer downloads every record the shop keeps of them
 * and closes their account; staff do both for a request made by mail (the Customers tab). The
 * client id is the caller's verified `sub` on the customer's routes, the path's on staff's.
 */
import { closureConfirmationSchema, confirmsEmail, dataExportFileName } from '#domain/accounts/privacy';
import { NotFound } from '#domain/errors';
import { PRIVACY_MESSAGES } from '#domain/accounts/privacy';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, json, parseBody, requestTime } from '../lib/http';
import { closeAccount } from './account-closure';
import { clientIdOfPath } from './client-path';
import { readClientProfile } from './client-store';
import { dataExportOf, readClientRecords, emailsOf } from './privacy-store';

/** The export as a file: the browser saves it under its name. */
async function exportAnswer(clientId: string, now: Date) {
  const profile = await readClientProfile(clientId);
  if (!profile) throw new NotFound(PRIVACY_MESSAGES.noAccount);
  const firstLook = await readClientRecords(clientId, [profile.email]);
  const emails = emailsOf(profile.email, firstLook);
  const records = emails.length > 1 ? await readClientRecords(clientId, emails) : firstLook;
  const exportedAt = now.toISOString();
  return json(200, dataExportOf(clientId, records, exportedAt), {
    'content-disposition': `attachment; filename="${dataExportFileName(exportedAt)}"`,
    'cache-control': 'no-store',
  });
}

/** GET /api/account/data-export */
export const exportMyData = httpHandler(async (event) =>
  exportAnswer(authorizedCaller(event).userId, requestTime(event)),
);

/** POST /api/account/closure: `{ confirmEmail }`, the account's e-mail typed again. */
export const closeMyAccount = httpHandler(
  async (event) => {
    const { userId } = authorizedCaller(event);
    const confirmation = parseBody(event, closureConfirmationSchema);
    const answer = await closeAccount(
      userId,
      'customer',
      (email) => confirmsEmail(confirmation, email),
      requestTime(event),
    );
    return json(200, answer);
  },
  { answersClosedAccounts: true },
);

/** GET /api/admin/clients/{clientId}/data-export: staff answer a customer's request made by mail. */
export const exportClientDataForStaff = httpHandler(async (event) => {
  return exportAnswer(clientIdOfPath(event), requestTime(event));
});

/** POST /api/admin/clients/{clientId}/closure: `{ confirmEmail }`, the client's e-mail as staff typed it in their dialog. */
export const closeClientAccountForStaff = httpHandler(async (event) => {
  const clientId = clientIdOfPath(event);
  const confirmation = parseBody(event, closureConfirmationSchema);
  const answer = await closeAccount(
    clientId,
    'staff',
    (email) => confirmsEmail(confirmation, email),
    requestTime(event),
  );
  return json(200, answer);
});
