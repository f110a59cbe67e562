import { UpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type ClientProfile } from '#domain/accounts/client';
import type { SavedProductView } from '#domain/accounts/saved-product';
import { defaultConfiguration } from '#domain/pricing/configuration';
import {
  confirmationCodeFor,
  registerConfirmedCustomer,
  signUpConfirmedCustomer,
  type TestCustomer,
} from '../support/customer';
import { mailsFor } from '../support/outbox';
import { localUserPool } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();
const fauxWood = defaultConfiguration('faux-wood-blinds');

/** A customer registered through the registration API (so with a client profile), confirmed and signed in. */
const customerWithProfile = (firstName = 'Dana', lastName = 'Reyes'): Promise<TestCustomer> =>
  registerConfirmedCustomer(baseUrl, { firstName, lastName });

interface Answer {
  status: number;
  body: {
    message?: string;
    fieldErrors?: Record<string, string>;
    client?: ClientProfile;
    savedProducts?: SavedProductView[];
    savedProduct?: SavedProductView;
  };
}

async function call(customer: TestCustomer | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(customer ? { authorization: `Bearer ${customer.accessToken}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('account API', () => {
  it('refuses a guest', async () => {
    expect((await call(null, 'GET', '/account')).status).toBe(401);
    expect((await call(null, 'GET', '/saved-products')).status).toBe(401);
  });

  it('answers 404 with the spec’s message for a signed-in user without a client record', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const { status, body } = await call(customer, 'GET', '/account');
    expect(status).toBe(404);
    expect(body.message).toBe('No client record found. Please contact support.');
  });

  it('reads and updates the profile, keeping the staff list’s sort name in step', async () => {
    const customer = await customerWithProfile();
    const read = await call(customer, 'GET', '/account');
    expect(read.status).toBe(200);
    expect(read.body.client).toMatchObject({
      id: customer.userId,
      firstName: 'Dana',
      lastName: 'Reyes',
      email: customer.email,
    });

    const updated = await call(customer, 'PATCH', '/account/profile', {
      firstName: ' Marisol ',
      lastName: 'Ortega',
      phone: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.client).toMatchObject({ firstName: 'Marisol', lastName: 'Ortega', phone: null });

    const again = await call(customer, 'GET', '/account');
    expect(again.body.client).toMatchObject({ firstName: 'Marisol', lastName: 'Ortega', phone: null });
    const { Item } = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `CLIENT#${customer.userId}`, sk: 'PROFILE' } }),
    );
    expect(Item?.gsi1sk).toBe(`marisol ortega#${customer.userId}`);
  });

  it('names every bad field of a profile, address or preferences update', async () => {
    const customer = await customerWithProfile();
    const profile = await call(customer, 'PATCH', '/account/profile', { firstName: 'A', lastName: '', phone: '12' });
    expect(profile.status).toBe(400);
    expect(profile.body.fieldErrors).toEqual({
      firstName: 'First name must be at least 2 characters.',
      lastName: 'Last name must be at least 2 characters.',
      phone: 'Please enter a valid phone number.',
    });
    const address = await call(customer, 'PUT', '/account/address', {
      address1: '',
      city: 'Plano',
      state: 'TX',
      zipCode: '7502',
    });
    expect(address.status).toBe(400);
    expect(address.body.fieldErrors).toEqual({
      address1: 'Please enter your street address.',
      zipCode: 'Please enter a valid ZIP code.',
    });
    const preferences = await call(customer, 'PUT', '/account/notification-preferences', { emailOrders: 'yes' });
    expect(preferences.status).toBe(400);
    expect(Object.keys(preferences.body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining([
        'emailOrders',
        'emailPromotions',
        'emailShipping',
        'textOrders',
        'textPromotions',
        'textShipping',
      ]),
    );
  });

  it('saves the address and the notification preferences', async () => {
    const customer = await customerWithProfile();
    const address = { address1: '1200 Main St', address2: 'Suite 4', city: 'Dallas', state: 'TX', zipCode: '75202' };
    expect((await call(customer, 'PUT', '/account/address', address)).status).toBe(200);
    const preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, emailPromotions: true, textShipping: true };
    expect((await call(customer, 'PUT', '/account/notification-preferences', preferences)).status).toBe(200);
    const { body } = await call(customer, 'GET', '/account');
    expect(body.client).toMatchObject({ address, notificationPreferences: preferences });
  });

  it('takes a changed e-mail from Cognito once verified, never from the request', async () => {
    const customer = await customerWithProfile();
    const { cognito } = await localUserPool(baseUrl);
    const newEmail = `moved-${customer.userId.slice(0, 8)}@example.com`;
    await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: customer.accessToken,
        UserAttributes: [{ Name: 'email', Value: newEmail }],
      }),
    );
    const unverified = await call(customer, 'PUT', '/account/email-sync', { email: 'forged@example.com' });
    expect(unverified.status).toBe(409);

    const code = await confirmationCodeFor(baseUrl, newEmail);
    expect((await mailsFor(baseUrl, newEmail)).map((m) => m.subject)).toEqual([
      'Confirm your new Hill & Brook Blinds e-mail address',
    ]);
    await cognito.send(
      new VerifyUserAttributeCommand({ AccessToken: customer.accessToken, AttributeName: 'email', Code: code }),
    );
    const synced = await call(customer, 'PUT', '/account/email-sync', { email: 'forged@example.com' });
    expect(synced.status).toBe(200);
    expect(synced.body.client?.email).toBe(newEmail);
    expect((await call(customer, 'GET', '/account')).body.client?.email).toBe(newEmail);
  });
});

describe('saved products API', () => {
  it('saves, lists newest first, renames and removes, priced by the server', async () => {
    const customer = await customerWithProfile();
    const first = await call(customer, 'POST', '/saved-products', {
      name: '  Kitchen window ',
      configuration: fauxWood,
      price: 1,
      unitCents: 1,
    });
    expect(first.status).toBe(201);
    const saved = first.body.savedProduct!;
    expect(saved.name).toBe('Kitchen window');
    expect(saved.savedUnitCents).toBeGreaterThan(1);
    expect(saved.unitCents).toBe(saved.savedUnitCents);
    expect(saved.listUnitCents, 'no contract: the list price is the price').toBe(saved.unitCents);
    expect(saved.description[0]).toBe('Size: 24" W x 36" H (window measurement)');

    const quote = await fetch(`${baseUrl}/api/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ configurations: [fauxWood] }),
    }).then((response) => response.json() as Promise<{ results: Array<{ unitCents?: number }> }>);
    expect(saved.savedUnitCents).toBe(quote.results[0]?.unitCents);

    const second = await call(customer, 'POST', '/saved-products', {
      name: 'Bedroom',
      configuration: { ...fauxWood, mount: 'outside', quantity: 5 },
    });
    expect(second.body.savedProduct?.configuration.quantity).toBe(1);
    const list = await call(customer, 'GET', '/saved-products');
    expect(list.body.savedProducts?.map((product) => product.name)).toEqual(['Bedroom', 'Kitchen window']);

    const renamed = await call(customer, 'PATCH', `/saved-products/${saved.id}`, { name: 'Breakfast nook' });
    expect(renamed.body.savedProduct?.name).toBe('Breakfast nook');
    const blank = await call(customer, 'PATCH', `/saved-products/${saved.id}`, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ name: 'Please enter a name for this configuration.' });

    expect((await call(customer, 'DELETE', `/saved-products/${saved.id}`)).status).toBe(200);
    expect((await call(customer, 'DELETE', `/saved-products/${saved.id}`)).status).toBe(404);
    const after = await call(customer, 'GET', '/saved-products');
    expect(after.body.savedProducts?.map((product) => product.name)).toEqual(['Bedroom']);
  });

  it('names the bad fields of a save and refuses a configuration the engine cannot price', async () => {
    const customer = await customerWithProfile();
    const bad = await call(customer, 'POST', '/saved-products', {
      name: '',
      configuration: { ...fauxWood, mount: 'sideways' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      name: 'Please enter a name for this configuration.',
      'configuration.mount': expect.any(String),
    });
    const tooWide = await call(customer, 'POST', '/saved-products', {
      name: 'Huge',
      configuration: { ...fauxWood, width: { inches: 200, eighths: 0 } },
    });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.message).toBe('Maximum width is 96".');
    expect(tooWide.body.fieldErrors).toEqual({ 'configuration.width': 'Maximum width is 96".' });
  });

  it('keeps each client’s saved products and profile to themselves', async () => {
    const [owner, other] = await Promise.all([
      customerWithProfile('Olive', 'Owner'),
      customerWithProfile('Otto', 'Other'),
    ]);
    const { body } = await call(owner, 'POST', '/saved-products', { name: 'Mine', configuration: fauxWood });
    const id = body.savedProduct!.id;
    expect((await call(other, 'GET', '/saved-products')).body.savedProducts).toEqual([]);
    expect((await call(other, 'PATCH', `/saved-products/${id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await call(other, 'DELETE', `/saved-products/${id}`)).status).toBe(404);
    expect((await call(other, 'GET', '/account')).body.client?.firstName).toBe('Otto');
    await call(other, 'PATCH', '/account/profile', { firstName: 'Mallory', lastName: 'Other', phone: '' });
    expect((await call(owner, 'GET', '/account')).body.client?.firstName).toBe('Olive');
    expect((await call(owner, 'GET', '/saved-products')).body.savedProducts?.map((product) => product.name)).toEqual([
      'Mine',
    ]);
  });
});
