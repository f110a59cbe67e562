import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface TokenVerifierSettings {
  issuer: string;
  jwksUri: string;
  clientId: string;
}

/**
 * Verifies a Cognito access token: signature against the issuer's JWKS, issuer, expiry, token use
 * and app client. The generic verifier (not CognitoJwtVerifier) is used because it accepts any
 * issuer URL: Cognito's in production, cognito-local's on one machine, with the same checks.
 */
export function createAccessTokenVerifier(settings: TokenVerifierSettings) {
  const verifier = JwtVerifier.create({
    issuer: settings.issuer,
    jwksUri: settings.jwksUri,
    audience: null,
    customJwtCheck: ({ payload }) =>
      validateCognitoJwtFields(payload, { tokenUse: 'access', clientId: settings.clientId }),
  });
  return (token: string): Promise<JwtPayload> => verifier.verify(token);
}
