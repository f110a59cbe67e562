import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { NotFound } from '#domain/errors';
import { MANAGE_INSTALLATION_PATH } from '#domain/appointments/installation';
import { appointmentTokenConfig, config } from '../lib/config';

/**
 * The token of the mailed reschedule/cancel link: the appointment id signed with HMAC-SHA256 under
 * APPOINTMENT_TOKEN_KEY. It lets the customer act without signing in. It names the appointment, not
 * one version of it, so the link of every mail and calendar file leads to the appointment as it is
 * now (a reschedule no longer voids the earlier ones), and the server honours it until the visit as it
 * is now starts (docs/decisions/0021, 0041). Nothing is stored per token.
 */
// Links mailed before decision 0041 also carry the version and expiry they were signed for: neither
// counts any more, and z.object drops them.
const claimsSchema = z.object({ a: z.string().min(1) });

const sign = (payload: string) =>
  createHmac('sha256', appointmentTokenConfig().APPOINTMENT_TOKEN_KEY).update(payload).digest();

export function appointmentToken(appointmentId: string): string {
  const payload = Buffer.from(JSON.stringify({ a: appointmentId })).toString('base64url');
  return `${payload}.${sign(payload).toString('base64url')}`;
}

export const INVALID_LINK_MESSAGE =
  'This link is not valid. Please use the link in your confirmation e-mail or call us.';
export const EXPIRED_LINK_MESSAGE = 'This link has expired. Please call us to change your appointment.';

/** The appointment id of a token this shop signed; anything else is NotFound (a 404). */
export function verifyAppointmentToken(token: string): string {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload);
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new NotFound(INVALID_LINK_MESSAGE);
  try {
    return claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).a;
  } catch {
    throw new NotFound(INVALID_LINK_MESSAGE);
  }
}

/**
 * The token of an installation's mailed link: the order's id signed the same way under its own
 * claim (`i`), so an appointment's link never opens an installation or the other way round. It
 * names the visit, not a version of it: every mail's link leads to the visit as it is now.
 */
const installationClaimsSchema = z.object({ i: z.string().min(1) });

export function installationToken(orderId: string): string {
  const payload = Buffer.from(JSON.stringify({ i: orderId })).toString('base64url');
  return `${payload}.${sign(payload).toString('base64url')}`;
}

/** The order id of an installation token this shop signed; anything else is NotFound (a 404). */
export function verifyInstallationToken(token: string): string {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload);
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new NotFound(INVALID_LINK_MESSAGE);
  const claims = installationClaimsSchema.safeParse(
    (() => {
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
    })(),
  );
  if (!claims.success) throw new NotFound(INVALID_LINK_MESSAGE);
  return claims.data.i;
}

/** The page of an order's visit on the site: the order id signed, leading to the visit as it is now. */
export function installationManagePath(orderId: string): string {
  return `${MANAGE_INSTALLATION_PATH}?token=${encodeURIComponent(installationToken(orderId))}`;
}

/** The order mails' link to its visit (installationManagePath, under the site's origin). */
export function installationManageUrl(orderId: string): string {
  return `${config().SITE_URL}${installationManagePath(orderId)}`;
}
