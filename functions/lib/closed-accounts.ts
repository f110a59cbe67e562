/**
 * A closed account's access token stays valid until it expires (up to an hour): API Gateway's JWT
 * authorizer cannot see that Cognito deleted the user. So a change asked with a signed-in
 * customer's token is refused once their closure record says `closed` (decision 0072): one read
 * of the table on each customer write, none on reads, which find the account's records gone.
 */
import { getItem } from './table/items';
import { accountClosureKeys } from './table/keys/accounts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether this is a write by a client whose account is closed. */
export async function isClosedAccountWrite(method: string, clientId: string): Promise<boolean> {
  if (READ_METHODS.has(method.toUpperCase())) return false;
  const closure = await getItem(accountClosureKeys(clientId));
  return closure?.status === 'closed';
}
