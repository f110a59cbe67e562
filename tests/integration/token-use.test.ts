/**
 * Issue 8, finding 3: one rule for every route, access tokens only. API Gateway's JWT authorizer
 * (and the local one, which mirrors it) passes a Cognito ID token too, since its `aud` is the app
 * client; the handlers refuse it, as the cart routes always did.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { signInTokens } from '../support/user-pool';

const baseUrl = inject('baseUrl');

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-shopping-session-id': `test-${randomUUID()}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

let customer: RegisteredCustomer & { idToken: string };
let staff: { accessToken: string; idToken: string };

beforeAll(async () => {
  const registered = await registerConfirmedCustomer(baseUrl);
  customer = { ...registered, idToken: (await signInTokens(baseUrl, registered)).idToken };
  staff = await signInTokens(baseUrl, inject('staffAccount'));
});

describe('an ID token', () => {
  it.each([
    ['GET', '/account'],
    ['GET', '/properties'],
    ['GET', '/saved-products'],
    ['PATCH', '/account/profile', { firstName: 'Dana', lastName: 'Reyes', phone: '' }],
    ['POST', '/cart/sign-out'],
  ] as const)(
    'gets 401 on the customer route %s %s, where the access token of the same sign-in is served',
    async (method, path, body?: object) => {
      const refused = await call(method, path, customer.idToken, body);
      expect(refused).toEqual({ status: 401, body: { message: 'Please sign in to continue.' } });
      expect((await call(method, path, customer.accessToken, body)).status).toBe(200);
    },
  );

  it.each([['/admin/clients'], ['/admin/sample-requests'], ['/admin/session']])(
    'gets 401 on the admin route GET %s, even for staff',
    async (path) => {
      expect(await call('GET', path, staff.idToken)).toEqual({
        status: 401,
        body: { message: 'Please sign in to continue.' },
      });
      expect((await call('GET', path, staff.accessToken)).status).toBe(200);
    },
  );

  it('gets 401 on the cart routes, as before', async () => {
    expect((await call('GET', '/cart', customer.idToken)).status).toBe(401);
  });
});
