import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ACCOUNT_CLOSED_MESSAGE } from '#domain/accounts/retention';
import { staffRolesOf, type StaffDuty, type StaffRole } from '#domain/staff/roles';
import { isClosedAccountWrite } from './closed-accounts';
import { config } from './config';
import { HttpError, type HttpEvent } from './http';
import { accessClaimsOf, dutyRefusal, groupsOf, NOT_STAFF_MESSAGE } from './staff-access';

/** Who is calling, as the API decides it from a verified Cognito access token. */
export interface Caller {
  /** The Cognito user id (`sub`), which is also the client id of the shop. */
  userId: string;
  groups: string[];
  /** The staff roles the groups give (domain/staff/roles.ts); none for a customer. */
  roles: StaffRole[];
}

function callerFromClaims(claims: Record<string, unknown>): Caller {
  const groups = groupsOf(claims['cognito:groups']);
  return { userId: String(claims.sub), groups, roles: staffRolesOf(groups) };
}

/**
 * On a route declared `customer` or `admin`: the caller the JWT authorizer verified. API Gateway's
 * authorizer also passes a Cognito ID token (its `aud` is the app client), so the token use is
 * checked here: access tokens only, as `optionalCaller` requires on the public routes.
 */
export function authorizedCaller(event: HttpEvent): Caller {
  const claims = accessClaimsOf(event);
  if (!claims) throw new HttpError(401, 'Please sign in to continue.');
  return callerFromClaims(claims);
}

/**
 * On a staff route: the member of staff calling. The handler wrapper has already admitted their
 * roles to the route (functions/lib/staff-access.ts); this only refuses a caller with no role at all.
 */
export function staffCaller(event: HttpEvent): Caller {
  const caller = authorizedCaller(event);
  if (caller.roles.length === 0) throw new HttpError(403, NOT_STAFF_MESSAGE);
  return caller;
}

/**
 * One action of a route whose actions belong to different duties (an order transition that
 * refunds): 403 unless the caller's roles admit that action's duty.
 */
export function requireDuty(caller: Caller, duty: StaffDuty): void {
  const refusal = dutyRefusal(caller.roles, duty);
  if (refusal) throw new HttpError(refusal.statusCode, refusal.message);
}

let verify: ((token: string) => Promise<Record<string, unknown>>) | undefined;

/**
 * Verifies an access token on a public route that serves guests and signed-in clients alike (the
 * cart), where no authorizer ran: signature against the pool's JWKS, issuer, expiry, token use and
 * app client. The JWKS is fetched with fetch(), which also reaches cognito-local over plain HTTP.
 */
function accessTokenVerifier() {
  if (verify) return verify;
  const env = config();
  const verifier = JwtVerifier.create(
    {
      issuer: env.jwtIssuer,
      jwksUri: env.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) =>
        validateCognitoJwtFields(payload, { tokenUse: 'access', clientId: env.USER_POOL_CLIENT_ID }),
    },
    {
      jwksCache: new SimpleJwksCache({
        fetcher: {
          fetch: async (uri: string) => {
            const response = await fetch(uri);
            if (!response.ok) throw new Error(`JWKS ${uri} answered ${response.status}`);
            return response.arrayBuffer();
          },
        },
      }),
    },
  );
  verify = (token) => verifier.verify(token) as Promise<Record<string, unknown>>;
  return verify;
}

/**
 * The signed-in caller of a public route, or undefined for a guest. A token that is present but
 * invalid or expired is refused with 401 rather than treated as a guest, so a client whose session
 * ran out is asked to sign in again instead of silently losing their cart; so is a closed account's
 * write (closed-accounts.ts).
 */
export async function optionalCaller(event: HttpEvent): Promise<Caller | undefined> {
  const header = event.headers.authorization ?? event.headers.Authorization;
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token) return undefined;
  const caller = await callerOfAccessToken(token);
  if (!caller) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  if (await isClosedAccountWrite(event.requestContext.http.method, caller.userId))
    throw new HttpError(401, ACCOUNT_CLOSED_MESSAGE);
  return caller;
}

/**
 * The caller an access token names, verified as `optionalCaller` does, or undefined when it does not
 * verify (forged, expired, an ID token). For a token that came another way than the Authorization
 * header: a WebSocket's query string at $connect, where browsers cannot set headers.
 */
export async function callerOfAccessToken(token: string): Promise<Caller | undefined> {
  try {
    return callerFromClaims(await accessTokenVerifier()(token));
  } catch {
    return undefined;
  }
}
