/**
 * Which member of staff may call a staff route: the roles the route's declaration admits, handed to
 * the handler by the gateway (ADMITTED_ROLES_HEADER), against the caller's Cognito groups. Checked
 * by the one handler wrapper (functions/lib/http.ts) before any handler runs, on AWS and on one
 * machine alike; a handler whose actions belong to different duties checks each with `requireDuty`.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import {
  mayDo,
  STAFF_ROLE_LABELS,
  staffRolesOf,
  type StaffDuty,
  type StaffRole,
  rolesOfDuty,
} from '#domain/staff/roles';
import { ADMITTED_ROLES_HEADER, STAFF_PATH_PREFIX } from '../routing';

/** The handler's event (http.ts names it HttpEvent; it imports this module). */
type HttpEvent = APIGatewayProxyEventV2;

/**
 * API Gateway hands every claim to the handler as a string, an array as "[a b]"; a token verified
 * here has the array itself. Both become a list.
 */
export function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string' || claim === '') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** The claims the JWT authorizer verified, when the caller sent an access token. */
export function accessClaimsOf(event: HttpEvent): Record<string, unknown> | undefined {
  const claims = (event as APIGatewayProxyEventV2WithJWTAuthorizer).requestContext.authorizer?.jwt?.claims;
  return claims?.sub && claims.token_use === 'access' ? claims : undefined;
}

export interface Refusal {
  statusCode: 401 | 403;
  message: string;
}

export const NOT_STAFF_MESSAGE = 'Access denied. Admin privileges required.';

const rolesInWords = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(' or ');

/** The sentence a member of staff reads when their roles do not admit them. */
export function roleRefusalMessage(admitted: readonly StaffRole[], held: readonly StaffRole[]): string {
  return `Access denied. This needs the role ${rolesInWords(admitted)}; you are signed in as ${rolesInWords(held)}.`;
}

/** Whether the request is for a staff route (every staff route is under /api/admin/). */
export function isStaffRoute(event: HttpEvent): boolean {
  const path = event.routeKey.split(' ')[1] ?? '';
  return path.startsWith(STAFF_PATH_PREFIX);
}

/**
 * Why a request may not reach its staff route's handler, or undefined when it may (or the route is
 * not a staff route). A staff route whose admitted roles are missing refuses everyone: its
 * declaration or its gateway is wrong, and nothing is let through by mistake.
 */
export function staffRouteRefusal(event: HttpEvent): Refusal | undefined {
  if (!isStaffRoute(event)) return undefined;
  const claims = accessClaimsOf(event);
  if (!claims) return { statusCode: 401, message: 'Please sign in to continue.' };
  const held = staffRolesOf(groupsOf(claims['cognito:groups']));
  if (held.length === 0) return { statusCode: 403, message: NOT_STAFF_MESSAGE };
  const admitted = staffRolesOf((event.headers[ADMITTED_ROLES_HEADER] ?? '').split(','));
  if (admitted.length === 0) return { statusCode: 403, message: 'Access denied. This route admits no staff role.' };
  if (held.some((role) => admitted.includes(role))) return undefined;
  return { statusCode: 403, message: roleRefusalMessage(admitted, held) };
}

/** The refusal of an action of a duty the caller's roles do not admit, or undefined when they do. */
export function dutyRefusal(roles: readonly StaffRole[], duty: StaffDuty): Refusal | undefined {
  if (mayDo(roles, duty)) return undefined;
  return { statusCode: 403, message: roleRefusalMessage(rolesOfDuty(duty), roles) };
}
