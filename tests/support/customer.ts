import { randomBytes } from 'node:crypto';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { fetchFrom } from './client-address';
import { eventually } from './eventually';
import { outbox, type OutboxMail } from './outbox';
import { accessTokenFor, localUserPool, type LocalUserPool } from './user-pool';
import { pastRouteThrottle, ROUTE_THROTTLE_MESSAGE } from './route-throttle';

export interface TestCustomer {
  email: string;
  password: string;
  /** The Cognito `sub`: the client id. */
  userId: string;
  accessToken: string;
}

/**
 * A new customer of the local stack at `baseUrl` with a confirmed e-mail, signed up the way the
 * browser does (Cognito's public SignUp, the confirmation code from the local outbox) and signed
 * in. Each call makes a different person, so tests never share a cart or an account.
 */
export async function signUpConfirmedCustomer(
  baseUrl: string,
  name = { firstName: 'Test', lastName: 'Customer' },
): Promise<TestCustomer> {
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

/** Registration's throttle gives a token back every half second (functions/routes.ts). */
const REGISTRATION_THROTTLE_PAUSE_MS = 500;

/**
 * A new customer registered through POST /api/registrations (so with a client profile, a Main
 * Residence and a lead), confirmed with the code from the local outbox and signed in. Each comes
 * from an address of its own, as different people do, so the registration limit per client
 * address (domain/rate-limits.ts) never counts one test's customers against another's.
 */
export async function registerConfirmedCustomer(
  baseUrl: string,
  name = { firstName: 'Test', lastName: 'Customer' },
): Promise<RegisteredCustomer> {
  const pool = await localUserPool(baseUrl);
  const { email, password } = newCredentials();
  const from = fetchFrom();
  const response = await pastRouteThrottle(
    () =>
      from(`${baseUrl}/api/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...name, email, phone: '214-555-0100', password, confirmPassword: password }),
      }),
    async (answer) =>
      answer.status === 429 &&
      ((await answer.clone().json()) as { message?: string }).message === ROUTE_THROTTLE_MESSAGE,
    REGISTRATION_THROTTLE_PAUSE_MS,
  );
  if (response.status !== 201)
    throw new Error(`registration of ${email} answered ${response.status}: ${await response.text()}`);
  const { clientId } = (await response.json()) as { clientId: string };
  const accessToken = await confirmAndSignIn(baseUrl, pool, email, password);
  return { email, password, userId: clientId, clientId, accessToken };
}

/** A unique address and a password the pool's policy accepts. */
function newCredentials() {
  return {
    email: `customer-${randomBytes(6).toString('hex')}@example.com`,
    password: `Pw-${randomBytes(6).toString('hex')}Aa1`,
  };
}

/** Confirms the sign-up with the code from the outbox, then signs in: the access token. */
async function confirmAndSignIn(
  baseUrl: string,
  { config, cognito }: LocalUserPool,
  email: string,
  password: string,
): Promise<string> {
  const code = await confirmationCodeFor(baseUrl, email);
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: code }),
  );
  return accessTokenFor(baseUrl, { email, password });
}

/**
 * The code of the newest confirmation (or e-mail change) mail to `email` in the local outbox (it
 * arrives asynchronously).
 */
export async function confirmationCodeFor(baseUrl: string, email: string): Promise<string> {
  const codeLine = /Your code is (\S+)\./;
  const codeIn = (mails: OutboxMail[]) =>
    mails.find((m) => m.to.includes(email) && codeLine.test(m.text ?? ''))?.text?.match(codeLine)?.[1];
  const code = codeIn(
    await eventually(
      () => outbox(baseUrl),
      (mails) => codeIn(mails) !== undefined,
      // Ten shoppers registering at once on a loaded machine (promotions.test.ts) took over 5 s for one mail in a full run.
      20_000,
    ),
  );
  if (!code) throw new Error(`no confirmation mail reached ${email}`);
  return code;
}
