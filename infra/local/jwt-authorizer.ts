import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

export interface JwtAuthorizerSettings {
  issuer: string;
  jwksUri: string;
  /** App client ids accepted in an access token's client_id claim (or an ID token's aud). */
  audience: string[];
}

export interface JwtAuthorization {
  /** API Gateway hands every claim to the handler as a string; arrays become "[a b]". */
  claims: Record<string, string>;
  scopes: string[] | null;
}

/**
 * API Gateway's JWT authorizer: the issuer, the signature against the issuer's JWKS, expiry and
 * not-before, and the audience (an access token's client_id) must all hold. The JWKS is fetched
 * with Node's fetch because aws-jwt-verify's own fetcher speaks only HTTPS, and cognito-local is
 * plain HTTP.
 */
export function createJwtAuthorizer(settings: JwtAuthorizerSettings) {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const response = await fetch(uri);
        if (!response.ok) throw new Error(`JWKS ${uri} answered ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: settings.issuer,
      jwksUri: settings.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        const audiences = [payload.client_id, ...(Array.isArray(payload.aud) ? payload.aud : [payload.aud])];
        if (!audiences.some((aud) => typeof aud === 'string' && settings.audience.includes(aud))) {
          throw new Error('Token audience is not accepted');
        }
      },
    },
    { jwksCache },
  );

  /** The authorization for a request's Authorization header, or undefined (answer 401). */
  return async function authorize(authorizationHeader: string | undefined): Promise<JwtAuthorization | undefined> {
    const token = authorizationHeader?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return undefined;
    try {
      const payload = await verifier.verify(token);
      const claims = Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, claimString(value)]));
      const scope = payload.scope;
      return { claims, scopes: typeof scope === 'string' ? scope.split(' ') : null };
    } catch {
      return undefined;
    }
  };
}

export type JwtAuthorizer = ReturnType<typeof createJwtAuthorizer>;

function claimString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(claimString).join(' ')}]`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
