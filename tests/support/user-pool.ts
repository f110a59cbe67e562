import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { runtimeConfigSchema, type RuntimeConfig } from '#domain/runtime-config';

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

/** Signs a confirmed user (a customer or the staff account) in with their password: Cognito's access and ID tokens. */
export async function signInTokens(
  baseUrl: string,
  { email, password }: { email: string; password: string },
): Promise<{ accessToken: string; idToken: string }> {
  const { config, cognito } = await localUserPool(baseUrl);
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const { AccessToken: accessToken, IdToken: idToken } = auth.AuthenticationResult ?? {};
  if (!accessToken || !idToken) throw new Error(`no tokens for ${email}`);
  return { accessToken, idToken };
}

/** Signs a confirmed user in with their password: the access token, what the SPA sends to the API. */
export async function accessTokenFor(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  return (await signInTokens(baseUrl, credentials)).accessToken;
}
