/**
 * My Account's profile routes (customer access). The client id is the caller's verified Cognito
 * `sub`, never a value from the request, so a client only ever reads and changes their own profile.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { clientAddressSchema, notificationPreferencesSchema, type ClientProfile } from '#domain/accounts/client';
import { profileUpdateSchema } from '#domain/accounts/settings';
import { userPoolClient } from '../lib/aws-clients';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { NO_CLIENT_MESSAGE, readClientProfile, updateClientProfile } from './client-store';

export interface AccountResponse {
  client: ClientProfile;
}

const answer = (client: ClientProfile) => json(200, { client } satisfies AccountResponse);

/** GET /api/account */
export const getAccount = httpHandler(async (event) => {
  const client = await readClientProfile(authorizedCaller(event).userId);
  if (!client) throw new HttpError(404, NO_CLIENT_MESSAGE);
  return answer(client);
});

/** PATCH /api/account/profile: first and last name, phone. */
export const updateProfile = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const change = parseBody(event, profileUpdateSchema);
  return answer(await updateClientProfile(userId, change, new Date()));
});

/** PUT /api/account/address */
export const updateAddress = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const address = parseBody(event, clientAddressSchema);
  return answer(await updateClientProfile(userId, { address }, new Date()));
});

/** PUT /api/account/notification-preferences: all six switches. */
export const updateNotificationPreferences = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const notificationPreferences = parseBody(event, notificationPreferencesSchema);
  return answer(await updateClientProfile(userId, { notificationPreferences }, new Date()));
});

function bearerToken(event: HttpEvent): string {
  const header = event.headers.authorization ?? event.headers.Authorization ?? '';
  return header.replace(/^Bearer\s+/i, '').trim();
}

const cognitoUserSchema = z.object({
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string().optional() })).default([]),
});

/**
 * PUT /api/account/email-sync: after the browser changed and verified the e-mail with Cognito, the
 * profile takes it from Cognito itself (GetUser with the caller's own access token), never from
 * the request body, and only once Cognito marks it verified.
 */
export const syncEmail = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const user = cognitoUserSchema.parse(
    await userPoolClient().send(new GetUserCommand({ AccessToken: bearerToken(event) })),
  );
  const attribute = (name: string) => user.UserAttributes.find((a) => a.Name === name)?.Value;
  const email = attribute('email');
  if (!email || attribute('email_verified') !== 'true') {
    throw new HttpError(409, 'Please verify your new email address first.');
  }
  return answer(await updateClientProfile(userId, { email: email.toLowerCase() }, new Date()));
});
