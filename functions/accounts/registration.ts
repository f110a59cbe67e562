import { randomUUID } from 'node:crypto';
import { AdminDeleteUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  SIGN_UP_ACCOUNT_TYPE,
  clientDisplayName,
  type AccountType,
  type ClientProfile,
} from '#domain/accounts/client';
import { DUPLICATE_EMAIL_MESSAGE, registrationSchema, type Registration } from '#domain/accounts/registration';
import { MAIN_RESIDENCE, propertyFrom } from '#domain/properties/property';
import { documentClient, userPoolClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { HttpError, httpHandler, json, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { limitAttempt } from '../lib/rate-limit';
import { clientLeadKeys, clientProfileKeys, propertyKeys } from '../lib/table/keys';
import { propertyCountItem } from '../properties/property-store';

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

/**
 * In one transaction the client profile, the Main Residence and the lead of a new sign-in account:
 * registration's, and the admin's for a punch-out client (with the account type staff chose).
 */
export async function saveClientRecords(
  clientId: string,
  person: Pick<ClientProfile, 'firstName' | 'lastName' | 'email' | 'phone'>,
  now: string,
  accountType: AccountType = SIGN_UP_ACCOUNT_TYPE,
): Promise<void> {
  const { firstName, lastName, email, phone } = person;
  const client: ClientProfile = {
    id: clientId,
    firstName,
    lastName,
    email,
    phone,
    accountType,
    address: null,
    notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
    createdAt: now,
    updatedAt: now,
  };
  const property = propertyFrom(MAIN_RESIDENCE, { id: randomUUID(), clientId }, now);
  const TableName = config().TABLE_NAME;
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName,
            Item: { ...clientProfileKeys(clientId, clientDisplayName(client)), entity: 'client', ...client },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName, Item: { ...propertyKeys(clientId, property.id), entity: 'property', ...property } } },
        {
          // Upserted on the e-mail: a lead from an earlier contact is replaced, never a reason to refuse.
          Put: {
            TableName,
            Item: {
              ...clientLeadKeys(email, now),
              entity: 'clientLead',
              name: clientDisplayName(client),
              email,
              phone,
              address: '',
              zipCode: '',
              date: now.slice(0, 10),
              time: now.slice(11, 19),
              updatedAt: now,
            },
          },
        },
        { Put: { TableName, Item: propertyCountItem(clientId, 1) } },
      ],
    }),
  );
}

/** The refusal names which record failed: the property is the second write of the transaction. */
export function recordFailureMessage(error: unknown): string {
  const message = (error as Error).message;
  if (error instanceof TransactionCanceledException) {
    const reasons = error.CancellationReasons ?? [];
    const property = reasons[1];
    if (property?.Code && property.Code !== 'None')
      return `Failed to create property record: ${property.Message ?? property.Code}`;
    const client = reasons[0];
    if (client?.Code && client.Code !== 'None')
      return `Failed to create client record: ${client.Message ?? client.Code}`;
  }
  return `Failed to create client record: ${message}`;
}
