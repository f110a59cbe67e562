import { createServer, type IncomingMessage, request } from 'node:http';
import { closeServer, sendJson } from './http-util';

/**
 * The user-pool API actions Cognito serves without IAM credentials: the unauthenticated ones
 * (sign-up, sign-in, password reset) and those the user's own access token authorizes. They are
 * the ones Amplify v6's Cognito client implements; every other action (Admin*, CreateGroup,
 * ListUsers, Describe…) needs IAM credentials on AWS, which a browser never has.
 */
export const BROWSER_ACTIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'ChangePassword',
  'GlobalSignOut',
  'SetUserMFAPreference',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'ConfirmDevice',
  'ForgetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** The pool's public keys and OpenID discovery document, public on AWS too. */
const PUBLIC_DOCUMENT = /^\/[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)$/;

export interface CognitoBrowserEndpoint {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * The address the browser is given for cognito-local (in /config.json; also the tokens' issuer):
 * it passes CORS preflights, the public keys and the actions of BROWSER_ACTIONS to cognito-local
 * at `internalEndpoint`, and refuses everything else as Cognito refuses a caller without IAM
 * credentials. Without it anyone who read /config.json could, say, add themselves to the admin group.
 */
export async function startCognitoBrowserEndpoint(
  port: number,
  internalEndpoint: string,
): Promise<CognitoBrowserEndpoint> {
  const internal = new URL(internalEndpoint);
  const server = createServer((req, res) => {
    const refused = refusal(req);
    if (refused) {
      sendJson(
        res,
        400,
        { __type: 'AccessDeniedException', message: refused },
        {
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-errortype': 'AccessDeniedException',
          'access-control-allow-origin': '*',
        },
      );
      req.resume();
      return;
    }
    const forwarded = request(
      { host: internal.hostname, port: internal.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      if (res.headersSent) res.destroy(error);
      else
        sendJson(res, 502, {
          __type: 'InternalErrorException',
          message: `cognito-local did not answer: ${error.message}`,
        });
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { endpoint: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

/** Why the request may not pass, or undefined when a browser could make it on AWS. */
function refusal(req: IncomingMessage): string | undefined {
  if (req.method === 'OPTIONS') return undefined;
  const path = (req.url ?? '/').split('?')[0] as string;
  if (req.method === 'GET' && PUBLIC_DOCUMENT.test(path)) return undefined;
  if (req.method !== 'POST' || req.url !== '/')
    return `${req.method} ${req.url} is not a call of the Cognito user-pool API`;
  const target = req.headers['x-amz-target'];
  const action =
    typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  if (action !== undefined && BROWSER_ACTIONS.has(action)) return undefined;
  return `User: anonymous is not authorized to perform: cognito-idp:${action ?? target ?? '(no X-Amz-Target)'}: it needs IAM credentials, and this is the address the browser is given`;
}
