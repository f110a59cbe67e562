import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '#domain/staff/roles';
import { accessTokenFor } from './user-pool';

/**
 * A new member of staff of the local stack with these roles (their Cognito groups), made through
 * the stack's own Cognito endpoint as the set-up makes the staff account, and signed in.
 */
export async function staffMemberWith(
  baseUrl: string,
  env: Record<string, string>,
  roles: readonly StaffRole[],
): Promise<{ email: string; accessToken: string }> {
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
  return { email, accessToken: await accessTokenFor(baseUrl, { email, password }) };
}
