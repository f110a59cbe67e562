import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { appointmentTokenConfig } from '../lib/config';
import { HttpError } from '../lib/http';

/**
 * The token of the mailed reschedule/cancel link: the appointment id, its version and an expiry,
 * signed with HMAC-SHA256 under APPOINTMENT_TOKEN_KEY. It lets the customer act without signing
 * in; a reschedule bumps the version, so only the latest mail's link works, and it expires when
 * the visit starts (docs/decisions/0021).
 */
const claimsSchema = z.strictObject({ a: z.string().min(1), v: z.number().int().positive(), exp: z.number().int() });
export type TokenClaims = { appointmentId: string; version: number; expiresAt: Date };

const sign = (payload: string) => createHmac('sha256', appointmentTokenConfig().APPOINTMENT_TOKEN_KEY).update(payload).digest();

export function appointmentToken(claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ a: claims.appointmentId, v: claims.version, exp: Math.floor(claims.expiresAt.getTime() / 1000) })).toString('base64url');
  return `${payload}.${sign(payload).toString('base64url')}`;
}

export const INVALID_LINK_MESSAGE = 'This link is not valid. Please use the link in your latest confirmation e-mail or call us.';
export const EXPIRED_LINK_MESSAGE = 'This link has expired. Please call us to change your appointment.';

/** The claims of a token this shop signed and that has not expired; anything else is a 404 or 410 naming why. */
export function verifyAppointmentToken(token: string, now: Date): TokenClaims {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload);
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(404, INVALID_LINK_MESSAGE);
  let claims: z.infer<typeof claimsSchema>;
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw new HttpError(404, INVALID_LINK_MESSAGE);
  }
  if (claims.exp * 1000 <= now.getTime()) throw new HttpError(410, EXPIRED_LINK_MESSAGE);
  return { appointmentId: claims.a, version: claims.v, expiresAt: new Date(claims.exp * 1000) };
}
