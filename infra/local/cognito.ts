import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LEGACY_STAFF_GROUP, STAFF_ROLES } from '#domain/staff/roles';
import type { AuthMessageKind } from '../../functions/accounts/auth-messages';
import { superviseChild, waitUntilReady } from './child-process';
import { type CognitoBrowserEndpoint, startCognitoBrowserEndpoint } from './cognito-browser-endpoint';
import { LOCAL_REGION } from './local-aws';
import { freePort } from './ports';

/** The staff account's group: the legacy group, read as owner (domain/staff/roles.ts). */
export const ADMIN_GROUP = LEGACY_STAFF_GROUP;

export interface CognitoLocal {
  /**
   * cognito-local itself, every action: for the handlers (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER)
   * and the stack's own set-up. Never published: not in /config.json, not in tokens.
   */
  endpoint: string;
  /** The address the browser is given and the tokens' issuer: only what a browser may call (cognito-browser-endpoint.ts). */
  browserEndpoint: string;
  stop(): Promise<void>;
  /** Receives each confirmation, reset or e-mail change code that cognito-local would have sent. */
  onCodeDelivery(listener: (delivery: CodeDelivery) => void): void;
}

export interface CodeDelivery {
  kind: AuthMessageKind;
  username: string;
  destination: string;
  code: string;
}

export interface UserPool {
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  jwksUri: string;
}

export interface StaffAccount {
  email: string;
  password: string;
}

/**
 * cognito-local as a child process on a port of its own, behind the browser's address on
 * `browserPort`; its `.cognito/` data lives in `dir`. The issuer is written to its config at every
 * start so tokens carry `http://127.0.0.1:<browserPort>/<poolId>`, the issuer the gateway's JWT
 * authorizer is given.
 */
export async function startCognitoLocal(browserPort: number, dir: string): Promise<CognitoLocal> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const issuerDomain = `http://127.0.0.1:${browserPort}`;
  await mkdir(join(dir, '.cognito'), { recursive: true });
  const configPath = join(dir, '.cognito', 'config.json');
  const config = JSON.parse(await readFile(configPath, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  await writeFile(configPath, JSON.stringify({ ...config, TokenConfig: { IssuerDomain: issuerDomain } }, null, 2));

  const processHandle = spawn(process.execPath, [fileURLToPath(new URL('./cognito-local-main.cjs', import.meta.url))], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const child = superviseChild(processHandle, 'cognito-local');
  const listeners: Array<(delivery: CodeDelivery) => void> = [];
  processHandle.on('message', (record: DeliveryRecord) => {
    const delivery = parseCodeDelivery(record);
    if (delivery) for (const listener of listeners) listener(delivery);
  });
  let browser: CognitoBrowserEndpoint;
  try {
    await waitUntilReady(
      child,
      'cognito-local',
      async () => (await fetch(`${endpoint}/ready/.well-known/jwks.json`)).ok,
    );
    browser = await startCognitoBrowserEndpoint(browserPort, endpoint);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    endpoint,
    browserEndpoint: browser.endpoint,
    stop: async () => {
      await browser.close();
      await child.stop();
    },
    onCodeDelivery: (listener) => listeners.push(listener),
  };
}

/** A log record of cognito-local's message sender, as cognito-local-main.cjs passes it on. */
export interface DeliveryRecord {
  target?: string;
  msg?: string;
}

/**
 * The mail for each cognito-local operation (its log record's `target`) that sends a code:
 * cognito-local words them all as a sign-up confirmation.
 */
const KIND_OF_TARGET: Record<string, AuthMessageKind> = {
  SignUp: 'confirmation',
  ResendConfirmationCode: 'confirmation',
  ForgotPassword: 'reset',
  UpdateUserAttributes: 'email-change',
  AdminUpdateUserAttributes: 'email-change',
  GetUserAttributeVerificationCode: 'email-change',
  // The Staff tab's invitation; the code is the temporary password.
  AdminCreateUser: 'invitation',
};

/** cognito-local prints codes in a box: "Username: …", "Destination: …", "Code: …". */
export function parseCodeDelivery(record: DeliveryRecord): CodeDelivery | undefined {
  const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(record.msg ?? '')?.[1];
  const [username, destination, code] = [field('Username'), field('Destination'), field('Code')];
  const kind = KIND_OF_TARGET[record.target ?? ''];
  return kind && username && destination && code ? { kind, username, destination, code } : undefined;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * The user pool (e-mail as user name, e-mail auto-verified), the web app client
 * (USER_PASSWORD_AUTH, no secret), the legacy admin group and a group per staff role; ids are remembered in `stateDir` so a second
 * start reuses them.
 */
export async function ensureUserPool(
  cognito: Pick<CognitoLocal, 'endpoint' | 'browserEndpoint'>,
  stateDir: string,
): Promise<UserPool> {
  const statePath = join(stateDir, 'user-pool.json');
  const client = cognitoClient(cognito.endpoint);
  try {
    const remembered = JSON.parse(await readFile(statePath, 'utf8').catch(() => 'null')) as {
      userPoolId: string;
      userPoolClientId: string;
    } | null;
    let ids = remembered && (await stillExists(client, remembered)) ? remembered : undefined;
    if (!ids) {
      const pool = await client.send(
        new CreateUserPoolCommand({
          PoolName: 'shop',
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
        }),
      );
      const userPoolId = pool.UserPool?.Id as string;
      const appClient = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: 'shop-web',
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      ids = { userPoolId, userPoolClientId: appClient.UserPoolClient?.ClientId as string };
      await mkdir(stateDir, { recursive: true });
      await writeFile(statePath, JSON.stringify(ids, null, 2));
    }
    for (const group of [ADMIN_GROUP, ...STAFF_ROLES]) {
      await client
        .send(new GetGroupCommand({ UserPoolId: ids.userPoolId, GroupName: group }))
        .catch(() => client.send(new CreateGroupCommand({ UserPoolId: ids.userPoolId, GroupName: group })));
    }
    const issuer = `${cognito.browserEndpoint}/${ids.userPoolId}`;
    return { ...ids, issuer, jwksUri: `${issuer}/.well-known/jwks.json` };
  } finally {
    client.destroy();
  }
}

async function stillExists(
  client: CognitoIdentityProviderClient,
  ids: { userPoolId: string; userPoolClientId: string },
): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * The staff account in the admin group. Its password comes from STAFF_ACCOUNT_PASSWORD, or is
 * generated once and kept in `stateDir`; the account is created when missing and its password set
 * whenever the wanted password changed.
 */
export async function ensureStaffAccount(
  endpoint: string,
  pool: UserPool,
  stateDir: string,
  wanted: { email: string; password: string | undefined },
): Promise<StaffAccount> {
  const statePath = join(stateDir, 'staff-account.json');
  const stored = JSON.parse(await readFile(statePath, 'utf8').catch(() => 'null')) as StaffAccount | null;
  const account: StaffAccount = {
    email: wanted.email,
    password: wanted.password ?? (stored?.email === wanted.email ? stored.password : generatePassword()),
  };
  const client = cognitoClient(endpoint);
  try {
    const exists = await client
      .send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }))
      .then(() => true)
      .catch(() => false);
    if (!exists) {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.userPoolId,
          Username: account.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    }
    if (!exists || stored?.password !== account.password || stored.email !== account.email) {
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool.userPoolId,
          Username: account.email,
          Password: account.password,
          Permanent: true,
        }),
      );
    }
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: account.email, GroupName: ADMIN_GROUP }),
    );
  } finally {
    client.destroy();
  }
  await mkdir(stateDir, { recursive: true });
  await writeFile(statePath, JSON.stringify(account, null, 2), { mode: 0o600 });
  return account;
}

/** Meets Cognito's default policy: 8+ characters with upper and lower case, a digit and a symbol. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}
