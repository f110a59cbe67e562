/**
 * Payment on account (issue 28): staff approve, change and withdraw a client's payment terms (the
 * admin Customers tab), and a client reads their own terms and the credit left to use (Account
 * Settings). Each answers the account as creditAccountView; an account never approved is 404.
 */
import { creditAccountView, CREDIT_MESSAGES, paymentTermsInputSchema } from '#domain/accounts/payment-terms';
import { NotFound } from '#domain/errors';
import { authorizedCaller, staffCaller } from '../lib/caller';
import { httpHandler, json, parseBody } from '../lib/http';
import { clientIdOfPath } from './client-path';
import { readCreditAccount, savePaymentTerms, withdrawPaymentTerms } from './credit-store';

async function creditAccountOf(clientId: string) {
  const account = await readCreditAccount(clientId, true);
  if (!account) throw new NotFound(CREDIT_MESSAGES.noCreditAccount);
  return creditAccountView(account);
}

/** GET /api/admin/clients/{clientId}/payment-terms */
export const readPaymentTermsForStaff = httpHandler(async (event) => {
  return json(200, await creditAccountOf(clientIdOfPath(event)));
});

/** PUT /api/admin/clients/{clientId}/payment-terms: approves the client, or changes their terms and limit (the credit held stays). */
export const setPaymentTermsForStaff = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const clientId = clientIdOfPath(event);
  const input = parseBody(event, paymentTermsInputSchema);
  return json(200, creditAccountView(await savePaymentTerms(clientId, input, staff.userId)));
});

/** DELETE /api/admin/clients/{clientId}/payment-terms: no new order on account; open orders keep their holds. */
export const withdrawPaymentTermsForStaff = httpHandler(async (event) => {
  const account = await withdrawPaymentTerms(clientIdOfPath(event), staffCaller(event).userId);
  if (!account) throw new NotFound(CREDIT_MESSAGES.noCreditAccount);
  return json(200, creditAccountView(account));
});

/** GET /api/account/credit: the signed-in client's terms and the credit left, 404 when they have none. */
export const getOwnCreditAccount = httpHandler(async (event) => {
  return json(200, await creditAccountOf(authorizedCaller(event).userId));
});
