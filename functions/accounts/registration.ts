import { AdminDeleteUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DUPLICATE_EMAIL_MESSAGE, registrationSchema, type Registration } from '#domain/accounts/registration';
import { userPoolClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { HttpError, httpHandler, json, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { limitAttempt } from '../lib/rate-limit';
import { recordFailureMessage, saveClientRecords } from './client-store';

/**
 * POST /api/registrations (public): the Cognito user (which mails the confirmation code), then in
 * one transaction the client profile, the Main Residence and the lead. If the transaction fails,
 * the Cognito user is deleted again so that nothing half-made is left.
 */
export const createRegistration = httpHandler(async (event) => {
  const registration = parseBody(event, registrationSchema);
  await limitAttempt(event, 'registration', registration.email);
  const clientId = await signUp(registration);
  try {
    await saveClientRecords(clientId, registration, new Date().toISOString());
  } catch (error) {
    await userPoolClient().send(
      new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: registration.email }),
    );
    logger.error('Registration records failed; the Cognito user was removed', { clientId, error: error as Error });
    throw new HttpError(500, recordFailureMessage(error));
  }
  return json(201, { clientId });
});

/** The Cognito `sub` of the new, unconfirmed user. The phone stays in the client profile (the pool's phone_number wants E.164). */
async function signUp(registration: Registration): Promise<string> {
  try {
    const result = await userPoolClient().send(
      new SignUpCommand({
        ClientId: config().USER_POOL_CLIENT_ID,
        Username: registration.email,
        Password: registration.password,
        UserAttributes: [
          { Name: 'email', Value: registration.email },
          { Name: 'given_name', Value: registration.firstName },
          { Name: 'family_name', Value: registration.lastName },
        ],
      }),
    );
    if (!result.UserSub) throw new HttpError(500, 'User creation failed. Please try again.');
    return result.UserSub;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const name = (error as Error).name;
    if (name === 'UsernameExistsException' || name === 'AliasExistsException')
      throw new HttpError(409, DUPLICATE_EMAIL_MESSAGE);
    if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
      throw new HttpError(400, `Registration error: ${(error as Error).message}`);
    }
    logger.error('Cognito sign-up failed', { error: error as Error });
    throw new HttpError(500, 'User creation failed. Please try again.');
  }
}
