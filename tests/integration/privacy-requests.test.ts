/**
 * Privacy requests (issue 30): the data export's contents, what is left in the table after an
 * account is closed (read directly), a closure refused while an order is in progress, and a closure
 * that is safe to ask again, at once or after a failure half-way.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { erasedEmail, PRIVACY_MESSAGES, type DataExport } from '#domain/accounts/privacy';
import { ACCOUNT_CLOSED_MESSAGE } from '#domain/accounts/retention';
import type { CardSetup } from '#domain/accounts/saved-cards';
import { ORDER_NUMBER_LENGTH, orderNumber } from '#domain/orders/lifecycle';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { accountClosureKeys, clientLeadKeys, stripeCustomerKeys } from '../../functions/lib/table/keys/accounts';
import { orderClientIndexKeys, orderEmailKeys, orderKeys } from '../../functions/lib/table/keys/orders';
import { ALL_RETURNS_PARTITION } from '../../functions/lib/table/keys/returns';
import { api } from '../support/checkout';
import { fetchFrom } from '../support/client-address';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { photoJpeg } from '../support/image-files';
import { localStripe } from '../support/local-stripe';
import { mailsFor } from '../support/outbox';
import { deliveredOrder, uploadReturnPhoto } from '../support/returns';
import { localUserPool, signInTokens } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table: DynamoDBDocumentClient = localTable();

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
}

async function call(token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetchFrom()(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** An order of the customer's as the table keeps it, at `status`, under their client id and e-mail. */
async function storeOrder(customer: RegisteredCustomer, status: string, createdAt = '2026-03-02T15:00:00.000Z') {
  const id = randomUUID();
  const number = orderNumber(randomBytes(ORDER_NUMBER_LENGTH));
  await table.send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: {
        ...orderKeys(id),
        ...orderClientIndexKeys(customer.clientId, createdAt, id, true),
        entity: 'order',
        id,
        orderNumber: number,
        channel: 'card',
        status,
        paymentStatus: 'paid',
        installation: false,
        clientId: customer.clientId,
        customer: { name: 'Dana Reyes', email: customer.email, phone: '214-555-0100' },
        shippingAddress: { line1: '12 Elm St', city: 'Plano', state: 'TX', zipCode: '75024' },
        notes: 'Gate code 4411',
        totals: { totalCents: 19_900, taxCents: 1_474 },
        createdAt,
        updatedAt: createdAt,
      },
    }),
  );
  await table.send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: { ...orderEmailKeys(customer.email, createdAt, id), entity: 'orderEmail', orderId: id },
    }),
  );
  return { id, number };
}

const get = async ({ pk, sk }: { pk: string; sk: string }) =>
  (await table.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk, sk }, ConsistentRead: true }))).Item;

const partition = async (pk: string) =>
  (
    await table.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** A customer with a saved product, a signed-in chat, a contact message and a delivered order. */
async function customerWithRecords() {
  const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Dana', lastName: 'Reyes' });
  const saved = await call(customer.accessToken, 'POST', '/saved-products', {
    name: 'Kitchen window',
    configuration: defaultConfiguration('faux-wood-blinds'),
    price: 1,
    unitCents: 1,
  });
  expect(saved.status).toBe(201);
  const chat = await call(customer.accessToken, 'POST', '/chat/sessions', { name: 'Dana', phone: '214-555-0142' });
  expect(chat.status, JSON.stringify(chat.body)).toBe(201);
  const contact = await fetchFrom()(`${baseUrl}/api/contact-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Dana Reyes', email: customer.email, subject: 'Hello', message: 'Do you measure?' }),
  });
  expect(contact.status).toBe(201);
  const order = await storeOrder(customer, 'delivered');
  return { customer, order, chatId: (chat.body.session as { id: string }).id };
}

const contactMessagesOf = async (email: string) =>
  (
    await table.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'email = :email',
        ExpressionAttributeValues: { ':pk': 'CONTACT_MESSAGES', ':email': email },
      }),
    )
  ).Items ?? [];

describe('privacy requests', () => {
  it('exports every record of the customer as a JSON file, and nobody else’s', async () => {
    const { customer, order, chatId } = await customerWithRecords();
    const other = await registerConfirmedCustomer(baseUrl);
    const response = await fetch(`${baseUrl}/api/account/data-export`, {
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = (await response.json()) as DataExport;
    const data = file.data as Record<string, Array<Record<string, unknown>>> & { profile: Record<string, unknown> };
    expect(file).toMatchObject({ format: 'blinds-shop-data-export', version: 1, clientId: customer.clientId });
    expect(data.profile).toMatchObject({ email: customer.email, firstName: 'Dana', lastName: 'Reyes' });
    expect(data.properties!.map((property) => property.name)).toEqual(['Main Residence']);
    expect(data.savedProducts!.map((product) => product.name)).toEqual(['Kitchen window']);
    expect(data.orders!.map((o) => o.orderNumber)).toEqual([order.number]);
    expect(data.chats!.map((chat) => chat.sessionId)).toEqual([chatId]);
    expect(data.chats![0]).not.toHaveProperty('secretHash');
    expect(data.contactMessages!.map((message) => message.subject)).toEqual(['Hello']);
    expect(JSON.stringify(file)).not.toContain('"pk"');
    expect(JSON.stringify(file)).not.toContain(other.email);
  });

  it('closes the account: the sign-in and personal data gone, the order kept as a tax record without contact', async () => {
    const { customer, order, chatId } = await customerWithRecords();
    const wrong = await call(customer.accessToken, 'POST', '/account/closure', { confirmEmail: 'someone@example.com' });
    expect(wrong).toMatchObject({ status: 409, body: { message: PRIVACY_MESSAGES.confirmMismatch } });

    const closed = await call(customer.accessToken, 'POST', '/account/closure', {
      confirmEmail: customer.email.toUpperCase(),
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('closed');

    // The client's partition holds the closure record alone, with no e-mail or name.
    const left = await partition(`CLIENT#${customer.clientId}`);
    expect(left.map((item) => item.sk)).toEqual([accountClosureKeys(customer.clientId).sk]);
    expect(left[0]).not.toHaveProperty('email');
    expect(left[0]).toMatchObject({ status: 'closed', requestedBy: 'customer' });
    expect(await get(clientLeadKeys(customer.email, ''))).toBeUndefined();
    expect(await partition(`CHAT#${chatId}`)).toEqual([]);
    expect(await contactMessagesOf(customer.email)).toEqual([]);
    expect(await partition(`ORDER_EMAIL#${customer.email}`)).toEqual([]);

    const kept = await get(orderKeys(order.id));
    expect(kept).toMatchObject({
      orderNumber: order.number,
      customer: { name: 'Dana Reyes', email: erasedEmail(customer.clientId), phone: '' },
      shippingAddress: { line1: '12 Elm St', zipCode: '75024' },
      totals: { totalCents: 19_900, taxCents: 1_474 },
      notes: '',
      keptUntil: '2033-12-31',
      // The table's time-to-live deletes it once 31 December 2033 is over in Dallas.
      expiresAt: Date.parse('2034-01-01T06:00:00Z') / 1000,
    });
    expect(JSON.stringify(kept)).not.toContain(customer.email);

    const { config, cognito } = await localUserPool(baseUrl);
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: config.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: customer.email, PASSWORD: customer.password },
        }),
      ),
    ).rejects.toThrow();

    // The access token stays valid until it expires, but changes nothing any more; the closure, asked again, answers as before.
    const property = await call(customer.accessToken, 'POST', '/properties', { name: 'Lake house' });
    expect(property).toMatchObject({ status: 401, body: { message: ACCOUNT_CLOSED_MESSAGE } });
    expect(await partition(`CLIENT#${customer.clientId}`)).toHaveLength(1);
    const again = await call(customer.accessToken, 'POST', '/account/closure', { confirmEmail: customer.email });
    expect(again).toMatchObject({ status: 200, body: { status: 'closed' } });

    const closedMail = (mail: { subject: string }) => mail.subject === 'Your account is closed';
    const mails = await eventually(
      async () => (await mailsFor(baseUrl, customer.email)).filter(closedMail),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Orders, account invoices, returns and paid sample requests');
  });

  it('deletes the Stripe customer with its saved card, and the return photos, keeping the return', async () => {
    const staffToken = (await signInTokens(baseUrl, inject('staffAccount'))).accessToken;
    const { shopper, orderNumber } = await deliveredOrder(baseUrl, staffToken, 1);
    const photo = await uploadReturnPhoto(baseUrl, photoJpeg(), 'image/jpeg');
    const requested = await api(baseUrl, null, 'POST', '/returns', {
      orderNumber,
      email: shopper.email,
      kind: 'return',
      reason: 'damaged',
      lines: [{ position: 1, quantity: 1 }],
      photoIds: [photo.photoId],
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const setup = await api<CardSetup>(baseUrl, shopper, 'POST', '/account/cards/setup');
    expect(setup.status).toBe(201);
    const entered = await fetch(setup.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Casey Buyer',
      }),
      redirect: 'manual',
    });
    expect(entered.status).toBe(303);
    const stripe = localStripe(env);
    const stripeCustomerId = String((await get(stripeCustomerKeys(shopper.clientId)))!.stripeCustomerId);
    const [card] = (await stripe.customers.listPaymentMethods(stripeCustomerId)).data;
    const returnRecord = async () =>
      (
        await table.send(
          new QueryCommand({
            TableName: env.TABLE_NAME,
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk',
            FilterExpression: 'returnNumber = :number',
            ExpressionAttributeValues: { ':pk': ALL_RETURNS_PARTITION, ':number': requested.body.returnNumber },
          }),
        )
      ).Items?.[0];
    const [photoKey] = (await returnRecord())!.photoKeys as string[];
    const s3 = new S3Client({
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL_S3,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    });
    const photoObject = () => s3.send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: photoKey }));
    await expect(photoObject()).resolves.toBeTruthy();

    const closed = await call(shopper.accessToken, 'POST', '/account/closure', { confirmEmail: shopper.email });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    // AccountClosed's consumers delete them.
    const gone = (attempt: () => Promise<unknown>) =>
      attempt().then(
        () => undefined,
        (error: { code?: string; name?: string }) => error.code ?? error.name,
      );
    expect(await eventually(() => gone(() => stripe.customers.retrieve(stripeCustomerId)), Boolean, 20_000)).toBe(
      'resource_missing',
    );
    expect((await stripe.paymentMethods.retrieve(card!.id)).customer).toBeNull();
    expect(await eventually(() => gone(photoObject), Boolean, 20_000)).toBe('NoSuchKey');
    expect(await returnRecord()).toMatchObject({
      returnNumber: requested.body.returnNumber,
      photoKeys: [],
      customer: { email: erasedEmail(shopper.clientId) },
      keptUntil: expect.stringMatching(/^\d{4}-12-31$/),
      expiresAt: expect.any(Number),
    });
  });

  it('refuses while an order is in progress, saying which, and changes nothing', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const order = await storeOrder(customer, 'inProduction');
    const refused = await call(customer.accessToken, 'POST', '/account/closure', { confirmEmail: customer.email });
    expect(refused).toMatchObject({ status: 409, body: { message: PRIVACY_MESSAGES.orderInProgress(order.number) } });
    expect(await get(accountClosureKeys(customer.clientId))).toBeUndefined();
    expect((await call(customer.accessToken, 'GET', '/account')).status).toBe(200);
    expect((await signInTokens(baseUrl, customer)).accessToken).toBeTruthy();
  });

  it('is safe to ask again: twice at once, again once closed, and after a failure half-way', async () => {
    const { customer } = await customerWithRecords();
    const body = { confirmEmail: customer.email };
    const both = await Promise.all([
      call(customer.accessToken, 'POST', '/account/closure', body),
      call(customer.accessToken, 'POST', '/account/closure', body),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    const again = await call(customer.accessToken, 'POST', '/account/closure', body);
    expect(again).toMatchObject({ status: 200, body: { status: 'closed' } });
    const closedMails = await eventually(
      async () => (await mailsFor(baseUrl, customer.email)).filter((mail) => mail.subject === 'Your account is closed'),
      (found) => found.length > 0,
    );
    expect(closedMails).toHaveLength(1);

    // A closure whose first attempt stopped right after recording itself: the sign-in and records are all still there.
    const { customer: halfway, order } = await customerWithRecords();
    await table.send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: {
          ...accountClosureKeys(halfway.clientId),
          entity: 'accountClosure',
          status: 'closing',
          requestedBy: 'staff',
          startedAt: new Date().toISOString(),
          closedAt: null,
          email: halfway.email,
          firstName: 'Dana',
          emails: [halfway.email],
        },
      }),
    );
    const staffToken = (await signInTokens(baseUrl, inject('staffAccount'))).accessToken;
    const resumed = await call(staffToken, 'POST', `/admin/clients/${halfway.clientId}/closure`, {
      confirmEmail: halfway.email,
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect((await partition(`CLIENT#${halfway.clientId}`)).map((item) => item.sk)).toEqual(['ACCOUNT_CLOSURE']);
    expect(await get(orderKeys(order.id))).toMatchObject({ customer: { email: erasedEmail(halfway.clientId) } });
    await expect(signInTokens(baseUrl, halfway)).rejects.toThrow();
  });
});
