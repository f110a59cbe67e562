import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { runtimeConfigSchema, type RuntimeConfig } from '../../domain/runtime-config';

export interface LocalUserPool {
  config: RuntimeConfig;
  cognito: CognitoIdentityProviderClient;
}

/** The user pool of the local stack at `baseUrl` (cognito-local), as the browser finds it in /config.json. */
export async function localUserPool(baseUrl: string): Promise<LocalUserPool> {
  const config = runtimeConfigSchema.parse(await (await fetch(`${baseUrl}/config.json`)).json());
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { config, cognito };
}

/** Signs a confirmed user (a customer or the staff account) in with their password: the access token. */
export async function accessTokenFor(baseUrl: string, { email, password }: { email: string; password: string }): Promise<string> {
  const { config, cognito } = await localUserPool(baseUrl);
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const accessToken = auth.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error(`no access token for ${email}`);
  return accessToken;
}
