import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { clientLeadKeys } from '../../functions/lib/table/keys/accounts';
import { registerConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();

function newEmail() {
  return `reg-${randomBytes(6).toString('hex')}@example.com`;
}

function register(body: Record<string, unknown>) {
  return fetch(`${baseUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function form(email: string) {
  return {
    firstName: 'Ana',
    lastName: 'Lopez',
    email,
    phone: '(214) 555-0100',
    password: 'Blinds2024',
    confirmPassword: 'Blinds2024',
  };
}

async function leadOf(email: string) {
  const { Items = [] } = await table.send(
    new QueryCommand({
      TableName: env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `LEAD#${email}` },
    }),
  );
  return Items;
}

describe('POST /api/registrations', () => {
  it('creates the client profile, the Main Residence and the lead, and mails a confirmation link', async () => {
    const email = newEmail();
    const response = await register(form(email.toUpperCase()));
    expect(response.status).toBe(201);
    const { clientId } = (await response.json()) as { clientId: string };

    const { Items = [] } = await table.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CLIENT#${clientId}` },
      }),
    );
    const profile = Items.find((item) => item.entity === 'client');
    expect(profile).toMatchObject({
      id: clientId,
      firstName: 'Ana',
      lastName: 'Lopez',
      email,
      phone: '(214) 555-0100',
      accountType: 'residential',
      address: null,
      notificationPreferences: { emailOrders: true, emailPromotions: false },
    });
    expect(JSON.stringify(Items)).not.toContain('Blinds2024');
    const properties = Items.filter((item) => item.entity === 'property');
    expect(properties).toHaveLength(1);
    expect(properties[0]).toMatchObject({
      clientId,
      name: 'Main Residence',
      address1: 'Address to be updated',
      city: 'City',
      state: 'State',
      zipCode: '00000',
      propertyType: 'single-family',
      workflowType: 'simple',
      isCommercial: false,
      totalUnitsCount: 1,
      completedUnitsCount: 0,
      propertyStatus: 'active',
    });
    expect(await leadOf(email)).toEqual([
      expect.objectContaining({
        entity: 'clientLead',
        name: 'Ana Lopez',
        email,
        phone: '(214) 555-0100',
        address: '',
        zipCode: '',
      }),
    ]);

    const [mail] = await eventually(
      () => mailsFor(baseUrl, email),
      (mails) => mails.length > 0,
    );
    expect(mail?.text).toMatch(
      new RegExp(`/email-confirmation\\?type=signup&email=${encodeURIComponent(email)}&token=\\d+`),
    );
    expect(mail?.html).toContain('/email-confirmation?type=signup');
  });

  it('refuses an e-mail that already has an account, with the spec message', async () => {
    const email = newEmail();
    expect((await register(form(email))).status).toBe(201);
    const again = await register({ ...form(email), firstName: 'Other' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: 'An account with this email already exists. Please try signing in instead.',
    });
  });

  it('is not blocked by a lead alone, which it replaces', async () => {
    const email = newEmail();
    await table.send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: {
          ...clientLeadKeys(email, '2024-01-01T00:00:00.000Z'),
          entity: 'clientLead',
          name: 'Earlier Contact',
          email,
          phone: '',
          address: '',
          zipCode: '',
        },
      }),
    );
    expect((await register(form(email))).status).toBe(201);
    expect(await leadOf(email)).toEqual([expect.objectContaining({ name: 'Ana Lopez', phone: '(214) 555-0100' })]);
  });

  it('names every bad field', async () => {
    const response = await register({
      firstName: 'A',
      lastName: 'Lopez',
      email: 'not-an-email',
      phone: '123',
      password: 'blinds',
      confirmPassword: 'other',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toEqual({
      firstName: 'First name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      password: 'Password must be at least 8 characters.',
      confirmPassword: "Passwords don't match",
    });
  });

  it('gives test suites a confirmed, signed-in customer with a profile', async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Lee', lastName: 'Park' });
    const { Item } = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `CLIENT#${customer.clientId}`, sk: 'PROFILE' } }),
    );
    expect(Item).toMatchObject({ email: customer.email, firstName: 'Lee', lastName: 'Park' });
    expect(customer.accessToken).toMatch(/^ey/);
  });
});
