import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '#domain/staff/roles';
import { eventually } from './eventually';
import { mailsFor } from './outbox';
import { accessTokenFor, localUserPool } from './user-pool';

/**
 * A new member of staff of the local stack with these roles (their Cognito groups), made through
 * the stack's own Cognito endpoint as the set-up makes the staff account, and signed in.
 */
export async function staffMemberWith(
  baseUrl: string,
  env: Record<string, string>,
  roles: readonly StaffRole[],
): Promise<{ email: string; password: string; accessToken: string }> {
  const cognito = new CognitoIdentityProviderClient({
    region: env.AWS_REGION ?? 'us-east-1',
    endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const UserPoolId = env.USER_POOL_ID;
  const email = `staff-${randomBytes(6).toString('hex')}@example.com`;
  const password = `${randomBytes(12).toString('base64url')}Aa1!`;
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
    );
    for (const role of roles) {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: role }));
    }
  } finally {
    cognito.destroy();
  }
  return { email, password, accessToken: await accessTokenFor(baseUrl, { email, password }) };
}

/** The temporary password in the staff invitation mailed to `email` (the newest), once it is in the outbox. */
export async function invitationPassword(baseUrl: string, email: string): Promise<string> {
  const mails = await eventually(
    () => mailsFor(baseUrl, email),
    (found) => found.length > 0,
  );
  const password = /Your temporary password is (\S+?)\.?\s*$/m.exec(mails[0]?.text ?? '')?.[1];
  if (!password) throw new Error(`no invitation with a temporary password reached ${email}`);
  return password;
}

/**
 * Accepts the invitation mailed to `email` as Cognito asks: signs in with the temporary password and
 * answers the NEW_PASSWORD_REQUIRED challenge with a password of the member's own, which it returns.
 */
export async function acceptStaffInvitation(
  baseUrl: string,
  email: string,
): Promise<{ email: string; password: string }> {
  const { config, cognito } = await localUserPool(baseUrl);
  const started = await cognito.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: await invitationPassword(baseUrl, email) },
    }),
  );
  if (started.ChallengeName !== 'NEW_PASSWORD_REQUIRED')
    throw new Error(`${email}: ${started.ChallengeName}, not NEW_PASSWORD_REQUIRED`);
  const password = `${randomBytes(9).toString('base64url')}Aa1!`;
  await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: config.userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
    }),
  );
  cognito.destroy();
  return { email, password };
}
