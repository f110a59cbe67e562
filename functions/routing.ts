import { rolesOfDuty, type StaffDuty, type StaffRole } from '#domain/staff/roles';

/**
 * What the declarations are made of: a handler (a module and its export), what it may be granted,
 * who may call a route and how often; and the builders each context declares its routes with, in
 * `functions/<context>/routes.ts`, which functions/routes.ts collects.
 */

/** A handler: a module path relative to the repository root and the name of its export. */
export interface HandlerRef {
  file: string;
  export: string;
}

/**
 * Who may call a route. The API checks it on every call; the SPA hiding a button is only a
 * convenience. `customer` and `admin` need a signed-in caller (JWT authorizer on AWS); an `admin`
 * route is a staff route under /api/admin/ and also names the staff roles it admits.
 */
export type Access = 'public' | 'customer' | 'admin';

/** What a handler may touch; the CDK grants exactly these and nothing more. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'bus:publish'
  | 'bus:describe'
  | 'userPool:read'
  | 'userPool:admin'
  /** Read a user of the pool by id (AdminGetUser): the staff named in an order's history. */
  | 'userPool:readUsers'
  | 'storage:read'
  | 'storage:write'
  | 'mail:send'
  | 'websocket:post'
  /** The Stripe secret key and webhook secret (functions/lib/stripe.ts): only the handlers that call Stripe get them. */
  | 'payments'
  /** Send to the webhook delivery queue (functions/queues.ts); its URL in the environment. */
  | 'webhooks:enqueue'
  /** Invoke the event consumers' and scheduled jobs' functions asynchronously: a dead letter's retry (docs/decisions/0019). */
  | 'consumers:invoke'
  /** The HMAC key of the appointment links (functions/appointments/token.ts), in the environment. */
  | 'appointments:token'
  /** The HMAC key of customer quotes' share links (functions/customer-quotes/quote-link.ts), in the environment. */
  | 'quotes:link';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What one client address may send, in all, to the routes whose throttle shares this rate: a
 * rate-based rule of the WAF scoped to those routes (infra/stacks/waf-stack.ts) and the same count
 * in the local gateway, both refusing with 429 before the route's throttle is spent. It keeps one
 * client from spending a throttle that every caller shares (docs/decisions/0034).
 */
export interface AddressRate {
  /** Names the WAF rule and its metric. */
  name: string;
  /** Requests one address may send in a window (WAF's lowest is 10). */
  limit: number;
  /** How far back requests are counted: one of WAF's evaluation windows. */
  windowSeconds: 60 | 120 | 300 | 600;
}

/**
 * API Gateway's throttle of one route, for all callers together: a token bucket holding
 * `burstLimit` requests, refilled at `rateLimit` a second; past it the route answers 429.
 */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
  /** What one address may send to the routes sharing it; without it, the WAF's rate for all of /api/ applies. */
  perAddress?: AddressRate;
}

export interface HttpRoute {
  /** Stable id: names the Lambda function and its construct. PascalCase. */
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax, always under /api, e.g. /api/orders/{orderId}. */
  path: string;
  handler: HandlerRef;
  access: Access;
  /**
   * A staff route's roles (the owner always among them): the gateway hands them to the handler in
   * ADMITTED_ROLES_HEADER, and the one handler wrapper (functions/lib/http.ts) refuses any other.
   */
  roles?: StaffRole[];
  grants: Grant[];
  /** Tighter than the stage's default throttle (infra/stacks/http-api-stack.ts); the local gateway applies it too. */
  throttle?: RouteThrottle;
}

/**
 * The header in which the gateway gives a staff route's handler the roles its declaration admits,
 * overwriting any value the caller sent: on AWS a parameter mapping of the route's integration
 * (infra/stacks/http-api-stack.ts), on one machine the local gateway. Roles comma-separated.
 */
export const ADMITTED_ROLES_HEADER = 'x-shop-admitted-roles';

/** Every staff route is under this path, and every route under it is a staff route (functions/routes.test.ts). */
export const STAFF_PATH_PREFIX = '/api/admin/';

/** A path parameter's segment: `{name}` is one segment, a trailing `{name+}` the rest of the path. */
export const PATH_PARAMETER = /^\{([A-Za-z0-9_]+)(\+?)\}$/;

/**
 * A route's path as the source of a regular expression, each parameter's value captured: the local
 * gateway routes requests with it, and the WAF finds the routes of a rate per address with it.
 */
export function routePathPattern(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const parameter = PATH_PARAMETER.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return parameter[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
}

export interface WebSocketRoute {
  id: string;
  /** $connect, $disconnect, $default, or the value of a message's `action` field. */
  routeKey: string;
  handler: HandlerRef;
  grants: Grant[];
}

/**
 * The mail-sending routes together, per client address: a person registers, writes, books or sends
 * a return with its six photos in far fewer requests; a script is refused within seconds.
 */
const MAIL_SENDING_PER_ADDRESS: AddressRate = { name: 'MailSendingRequestsPerAddress', limit: 60, windowSeconds: 300 };

/**
 * Routes that send mail or create an account. Each caller is limited by the shop itself
 * (domain/rate-limits.ts) and per address on these routes together; the throttle caps everyone
 * together, set far above what one address may send, so only a crowd reaches it.
 */
export const MAIL_SENDING_THROTTLE: RouteThrottle = {
  rateLimit: 20,
  burstLimit: 40,
  perAddress: MAIL_SENDING_PER_ADDRESS,
};

/**
 * Who may call a route, what its handler may touch, and a throttle tighter than the stage's. A staff
 * route names the roles it admits: build it with `staff(duty, grants)`.
 */
export type RouteAccess = { grants: readonly Grant[]; throttle?: RouteThrottle } & (
  { access: 'public' | 'customer' } | { access: 'admin'; roles: readonly StaffRole[] }
);

/**
 * A staff route's access: the roles of its duty (domain/staff/roles.ts, the owner always among
 * them) and its grants. A route whose actions belong to different duties declares the widest and
 * its handler checks each action (`requireDuty`).
 */
export function staff(duty: StaffDuty, grants: readonly Grant[], throttle?: RouteThrottle): RouteAccess {
  return { access: 'admin', roles: rolesOfDuty(duty), grants, ...(throttle && { throttle }) };
}

/** The common combinations, one word each: who may call, and whether the handler reads or writes the table. */
export const PUBLIC_READS: RouteAccess = { access: 'public', grants: ['table:read'] };
export const PUBLIC_READS_WRITES: RouteAccess = { access: 'public', grants: ['table:read', 'table:write'] };
export const PUBLIC_READS_WRITES_PUBLISHES: RouteAccess = {
  access: 'public',
  grants: ['table:read', 'table:write', 'bus:publish'],
};
export const CUSTOMER_READS: RouteAccess = { access: 'customer', grants: ['table:read'] };
export const CUSTOMER_WRITES: RouteAccess = { access: 'customer', grants: ['table:write'] };
export const CUSTOMER_READS_WRITES: RouteAccess = { access: 'customer', grants: ['table:read', 'table:write'] };

/** A route's method and path as API Gateway writes its route key, e.g. `POST /api/cart/items`. */
export type RouteKey = `${HttpMethod} /api/${string}`;

/** One HTTP route: `route('AddCartItem', 'POST /api/cart/items', cartApi('addItem'), PUBLIC_READS_WRITES_PUBLISHES)`. */
export function route(id: string, key: RouteKey, handler: HandlerRef, access: RouteAccess): HttpRoute {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return {
    id,
    method,
    path,
    handler,
    access: access.access,
    ...(access.access === 'admin' && { roles: [...access.roles] }),
    // The handler wrapper reads a closed account's record on a customer's write (functions/lib/closed-accounts.ts),
    // and a member of staff's token cut-off on every staff request (functions/lib/staff-tokens.ts).
    grants: access.access === 'public' ? [...access.grants] : [...new Set<Grant>(['table:read', ...access.grants])],
    ...(access.throttle && { throttle: access.throttle }),
  };
}

/** One WebSocket route, by its route key. */
export function socketRoute(
  id: string,
  routeKey: string,
  handler: HandlerRef,
  grants: readonly Grant[],
): WebSocketRoute {
  return { id, routeKey, handler, grants: [...grants] };
}

/** The names of a module's exported functions. */
type FunctionExports<Module> = {
  [Name in keyof Module]: Module[Name] extends (...args: never[]) => unknown ? Name : never;
}[keyof Module] &
  string;

/**
 * The handlers of one module by export name, the name checked against the module's type:
 * `handlersIn<typeof import('./cart-api')>('functions/cart/cart-api.ts')`. The type query loads
 * nothing, so the declarations stay free of the handlers' code; functions/routes.test.ts imports
 * each declared module and finds its export.
 */
export function handlersIn<Module>(file: string): (name: FunctionExports<Module>) => HandlerRef {
  return (name) => ({ file, export: name });
}
