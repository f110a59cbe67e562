import { randomBytes } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { runtimeConfigSchema, type RuntimeConfig } from '../../domain/runtime-config';

export interface TestCustomer {
  email: string;
  password: string;
  /** The Cognito `sub`: the client id. */
  userId: string;
  accessToken: string;
}

interface OutboxMail {
  to: string[];
  subject: string;
  text?: string;
}

/**
 * A new customer of the local stack at `baseUrl` with a confirmed e-mail, signed up the way the
 * browser does (Cognito's public SignUp, the confirmation code from the local outbox) and signed
 * in. Each call makes a different person, so tests never share a cart or an account.
 */
export async function signUpConfirmedCustomer(baseUrl: string, name = { firstName: 'Test', lastName: 'Customer' }): Promise<TestCustomer> {
  const { config, cognito } = await localUserPool(baseUrl);
  const { email, password } = newCredentials();
  await cognito.send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: name.firstName },
        { Name: 'family_name', Value: name.lastName },
      ],
    }),
  );
  const accessToken = await confirmAndSignIn(baseUrl, { config, cognito }, email, password);
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return { email, password, userId: payload.sub, accessToken };
}

export interface RegisteredCustomer extends TestCustomer {
  /** Equal to `userId`: the client profile's id. */
  clientId: string;
}

/**
 * A new customer registered through POST /api/registrations (so with a client profile, a Main
 * Residence and a lead), confirmed with the code from the local outbox and signed in.
 */
export async function registerConfirmedCustomer(
  baseUrl: string,
  name = { firstName: 'Test', lastName: 'Customer' },
): Promise<RegisteredCustomer> {
  const pool = await localUserPool(baseUrl);
  const { email, password } = newCredentials();
  const response = await fetch(`${baseUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...name, email, phone: '214-555-0100', password, confirmPassword: password }),
  });
  if (response.status !== 201) throw new Error(`registration of ${email} answered ${response.status}: ${await response.text()}`);
  const { clientId } = (await response.json()) as { clientId: string };
  const accessToken = await confirmAndSignIn(baseUrl, pool, email, password);
  return { email, password, userId: clientId, clientId, accessToken };
}

interface LocalUserPool {
  config: RuntimeConfig;
  cognito: CognitoIdentityProviderClient;
}

async function localUserPool(baseUrl: string): Promise<LocalUserPool> {
  const config = runtimeConfigSchema.parse(await (await fetch(`${baseUrl}/config.json`)).json());
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { config, cognito };
}

/** A unique address and a password the pool's policy accepts. */
function newCredentials() {
  return { email: `customer-${randomBytes(6).toString('hex')}@example.com`, password: `Pw-${randomBytes(6).toString('hex')}Aa1` };
}

/** Confirms the sign-up with the code from the outbox, then signs in: the access token. */
async function confirmAndSignIn(baseUrl: string, { config, cognito }: LocalUserPool, email: string, password: string): Promise<string> {
  const code = await confirmationCodeFor(baseUrl, email);
  await cognito.send(new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: code }));
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

/**
 * The code of the newest confirmation (or e-mail change) mail to `email` in the local outbox (it
 * arrives asynchronously).
 */
export async function confirmationCodeFor(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = (await (await fetch(`${baseUrl}/_local/outbox.json`)).json()) as OutboxMail[];
    const codeLine = /Your code is (\S+)\./;
    const code = mails.find((m) => m.to.includes(email) && codeLine.test(m.text ?? ''))?.text?.match(codeLine)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail reached ${email}`);
}
