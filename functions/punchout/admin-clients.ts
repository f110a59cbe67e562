/**
 * POST /api/admin/punchout/clients: the client a configuration buys as, made from the Client tab. An
 * existing client is chosen from the Customers directory (GET /api/admin/clients) instead.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DUPLICATE_EMAIL_MESSAGE } from '#domain/accounts/registration';
import { punchoutClientSchema, type PunchoutClientInput } from '#domain/punchout/configuration';
import { recordFailureMessage, saveClientRecords } from '../accounts/client-store';
import { userPoolClient } from '../lib/aws-clients';
import { staffCaller } from '../lib/caller';
import { config } from '../lib/config';
import { HttpError, httpHandler, json, parseBody } from '../lib/http';
import { logger } from '../lib/logger';

/**
 * 201 `{ clientId }`: a confirmed Cognito user with the password staff set (it can sign in at once:
 * staff hand the password to the property manager; Cognito sends no invitation), then the client
 * records as registration makes them, with the chosen account type. 409 when the e-mail has an
 * account; if the records cannot be saved the user is removed again, as registration does.
 */
export const createPunchoutClient = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const client = parseBody(event, punchoutClientSchema);
  const clientId = await createSignInAccount(client);
  try {
    await saveClientRecords(clientId, client, new Date().toISOString(), client.accountType);
  } catch (error) {
    await userPoolClient().send(
      new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: client.email }),
    );
    logger.error('Punch-out client records failed; the Cognito user was removed', { clientId, error: error as Error });
    throw new HttpError(500, recordFailureMessage(error));
  }
  logger.info('Punch-out client created', { clientId, accountType: client.accountType, by: caller.userId });
  return json(201, { clientId });
});

async function createSignInAccount(client: PunchoutClientInput): Promise<string> {
  const UserPoolId = config().USER_POOL_ID;
  let clientId: string | undefined;
  try {
    const { User } = await userPoolClient().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: client.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: client.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: client.firstName },
          { Name: 'family_name', Value: client.lastName },
        ],
      }),
    );
    clientId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!clientId) throw new HttpError(500, 'User creation failed. Please try again.');
    await userPoolClient().send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: client.email,
        Password: client.password,
        Permanent: true,
      }),
    );
    return clientId;
  } catch (error) {
    if (clientId) await userPoolClient().send(new AdminDeleteUserCommand({ UserPoolId, Username: client.email }));
    if (error instanceof HttpError) throw error;
    const name = (error as Error).name;
    if (name === 'UsernameExistsException' || name === 'AliasExistsException')
      throw new HttpError(409, DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE });
    if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
      throw new HttpError(400, `Registration error: ${(error as Error).message}`);
    }
    logger.error('Cognito user creation failed', { error: error as Error });
    throw new HttpError(500, 'User creation failed. Please try again.');
  }
}
