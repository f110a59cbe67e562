/**
 * Security review issue 8, finding 3, reproduced against the local stack: control characters in
 * every kind of free-text field are refused and named, a CRLF in a contact name never reaches a
 * mail header, and numbers are refused instead of coerced, each answer naming the field. Issue 24,
 * finding 13: the same in the fields added since, and in fields that took no text builder.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '#domain/checkout/checkout';
import { defaultConfiguration, QUANTITY_MESSAGE } from '#domain/pricing/configuration';
import { newConfigurationSchema } from '#domain/punchout/configuration';
import { FIELD_CHARACTERS_NOT_ALLOWED } from '#domain/text';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import { fetchFrom } from '../support/client-address';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { mailsFor, outbox } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

interface Answer {
  status: number;
  body: { message?: string; fieldErrors?: Record<string, string>; [key: string]: any };
}

async function call(
  method: string,
  path: string,
  body: unknown,
  options: { token?: string; session?: string } = {},
): Promise<Answer> {
  const response = await fetchFrom()(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.session ? { 'x-shopping-session-id': options.session } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A 400 whose fieldErrors hold exactly `fields`. */
function expectRefused(answer: Answer, fields: Record<string, string>) {
  expect(answer.status).toBe(400);
  expect(answer.body.fieldErrors).toEqual(fields);
}

const notAllowed = (label: string) => `${label} contains characters that are not allowed.`;
const newSession = () => `test-${randomUUID()}`;
const fauxWood = defaultConfiguration('faux-wood-blinds');

let customer: RegisteredCustomer;
let propertyId: string;

beforeAll(async () => {
  customer = await registerConfirmedCustomer(baseUrl);
  const { body } = await call('GET', '/properties', undefined, { token: customer.accessToken });
  propertyId = body.properties[0].id;
});

describe('free text with control characters', () => {
  const contact = () => ({
    name: 'Ana Lopez',
    email: `ana-${randomUUID()}@example.com`,
    subject: 'Install date',
    message: 'Can the crew come on Friday?',
  });

  it('is refused in the contact form, naming each field, and nothing is mailed', async () => {
    const form = contact();
    const answer = await call('POST', '/contact-messages', {
      ...form,
      name: 'Hi\r\nBcc: everyone@example.com',
      subject: 'Install\u0000date',
      phone: '214\u001b[2J',
      message: 'Friday?\u202e',
    });
    expectRefused(answer, {
      name: notAllowed('Name'),
      subject: notAllowed('Subject'),
      phone: notAllowed('Phone'),
      message: notAllowed('Message'),
    });
    expect(await mailsFor(baseUrl, form.email)).toEqual([]);
  });

  it('keeps the line breaks of a contact message as LF, and no mail header holds a line break', async () => {
    const form = contact();
    const answer = await call('POST', '/contact-messages', {
      ...form,
      message: 'Hello,\r\nCan the crew come\ron Friday?',
    });
    expect(answer.status).toBe(201);
    const mails = await eventually(
      () => mailsFor(baseUrl, form.email),
      (found) => found.length >= 2,
    );
    const toStaff = mails.find((mail) => mail.to.includes(env.STAFF_EMAIL!));
    expect(toStaff?.text).toContain('Hello,\nCan the crew come\non Friday?');
    const headers = (await outbox(baseUrl)).flatMap((mail) => [
      mail.subject,
      mail.from,
      ...mail.to,
      ...mail.replyTo,
      ...mail.cc,
      ...mail.bcc,
    ]);
    expect(headers.filter((header) => /[\r\n]/.test(header))).toEqual([]);
  });

  it('is refused in a sample request, naming each field', async () => {
    const answer = await call(
      'POST',
      '/sample-requests',
      {
        name: 'Ana\r\nLopez',
        email: `ana-${randomUUID()}@example.com`,
        address1: '12 Oak\u0000Street',
        city: 'Plano\ud800',
        state: 'TX',
        zipCode: '75024',
      },
      { session: newSession() },
    );
    expectRefused(answer, {
      name: notAllowed('Name'),
      address1: notAllowed('Street address'),
      city: notAllowed('City'),
    });
  });

  it('is refused at registration, naming the field', async () => {
    const password = 'Blinds2024x';
    const answer = await call('POST', '/registrations', {
      firstName: 'Ana\u001b',
      lastName: 'Lopez',
      email: `ana-${randomUUID()}@example.com`,
      phone: '214-555-0100',
      password,
      confirmPassword: password,
    });
    expectRefused(answer, { firstName: notAllowed('First name') });
  });

  it("is refused in a client's profile and address, naming the field", async () => {
    const token = customer.accessToken;
    expectRefused(
      await call('PATCH', '/account/profile', { firstName: 'Dana', lastName: 'Reyes\u202e', phone: '' }, { token }),
      { lastName: notAllowed('Last name') },
    );
    expectRefused(
      await call(
        'PUT',
        '/account/address',
        { address1: '12 Oak Street', address2: 'Unit\t4', city: 'Plano', state: 'TX', zipCode: '75024' },
        { token },
      ),
      {
        address2: notAllowed('Address line 2'),
      },
    );
  });

  it('is refused in property, room and window names, naming the field', async () => {
    const token = customer.accessToken;
    const property = {
      name: 'Oak\u0000Street',
      address1: '12 Oak Street',
      city: 'Plano',
      state: 'TX',
      zipCode: '75024',
      propertyType: 'townhouse',
      totalUnitsCount: 1,
      completedUnitsCount: 0,
    };
    expectRefused(await call('POST', '/properties', property, { token }), { name: notAllowed('Property name') });
    expectRefused(await call('POST', `/properties/${propertyId}/rooms`, { name: 'Kitchen\nDen' }, { token }), {
      name: notAllowed('Room name'),
    });
    expectRefused(
      await call(
        'POST',
        `/properties/${propertyId}/windows`,
        { label: 'Sink\u2066', widthTop: 30, widthMiddle: 30, widthBottom: 30, height: 40 },
        { token },
      ),
      {
        label: notAllowed('Window label'),
      },
    );
    expectRefused(
      await call(
        'POST',
        `/properties/${propertyId}/window-orders`,
        { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside', roomName: 'Den\u0085' },
        { token, session: newSession() },
      ),
      { roomName: notAllowed('Room') },
    );
  });

  it('is refused in a saved product name and a cart room label, naming the field', async () => {
    const token = customer.accessToken;
    expectRefused(
      await call('POST', '/saved-products', { name: 'Kitchen\r\nwindow', configuration: fauxWood }, { token }),
      { name: notAllowed('Name') },
    );
    const saved = await call('POST', '/saved-products', { name: 'Kitchen window', configuration: fauxWood }, { token });
    expectRefused(
      await call('PATCH', `/saved-products/${saved.body.savedProduct.id}`, { name: 'Nook\u007f' }, { token }),
      { name: notAllowed('Name') },
    );
    expectRefused(
      await call(
        'POST',
        '/cart/items',
        { configuration: fauxWood, roomLabel: 'Kitchen\u0007' },
        { session: newSession() },
      ),
      { roomLabel: notAllowed('Room label') },
    );
  });
});

describe('free text in the fields added since, and in fields without a text builder (issue 24)', () => {
  const unique = () => randomUUID().slice(0, 8);

  it("is refused at checkout in the customer's name, both addresses and the notes, naming each field", async () => {
    const answer = await call(
      'POST',
      '/orders',
      {
        placementKey: randomUUID(),
        customer: { name: 'Ana\r\nLopez', email: customer.email, phone: '' },
        shippingAddress: {
          address1: '12 Oak\u0000Street',
          address2: 'Unit\u202e4',
          city: 'Plano\ud800',
          state: 'TX',
          zipCode: '75024',
        },
        billingSameAsShipping: false,
        billingAddress: { address1: '9 Elm Street', address2: '', city: 'Dal\u2028las', state: 'TX', zipCode: '75201' },
        notes: 'Gate code 12\u001b[2J',
      },
      { token: customer.accessToken, session: newSession() },
    );
    expect(answer.body.message).toBe(CHECKOUT_MESSAGES.missingInformation);
    expectRefused(answer, {
      'customer.name': notAllowed('Full name'),
      'shippingAddress.address1': notAllowed('Street address'),
      'shippingAddress.address2': notAllowed('Address line 2'),
      'shippingAddress.city': notAllowed('City'),
      'billingAddress.city': notAllowed('City'),
      notes: notAllowed('Notes'),
    });
  });

  it("is refused in a return's note, naming it", async () => {
    const request = {
      orderNumber: 'HBB-ABCDEF',
      email: customer.email,
      kind: 'return',
      reason: 'damaged',
      lines: [{ position: 1, quantity: 1 }],
    };
    expectRefused(await call('POST', '/returns', { ...request, note: 'Two slats\u0000broken' }), {
      note: notAllowed('Note'),
    });
    expectRefused(await call('POST', '/returns', { ...request, note: 'Two slats\udc00' }), {
      note: notAllowed('Note'),
    });
  });

  it('is refused in a punch-out shared secret, naming it', async () => {
    const token = await accessTokenFor(baseUrl, inject('staffAccount'));
    const form = {
      clientId: `client-${unique()}`,
      accountNumber: `RP-${unique()}`,
      propertyName: 'Oak Court',
      identity: `oak-${unique()}`,
    };
    for (const sharedSecret of [
      'open-sesame-\u202e-0123456789',
      'open-sesame-\ud800-0123456789',
      'open-sesame-\r\n-0123456789',
    ]) {
      expectRefused(await call('POST', '/admin/punchout/configurations', { ...form, sharedSecret }, { token }), {
        sharedSecret: 'The shared secret contains characters that are not allowed.',
      });
    }
  });

  it("is refused in a webhook's URL (CR and LF, which a URL parser drops, included), naming it", async () => {
    const token = await accessTokenFor(baseUrl, inject('staffAccount'));
    for (const url of [
      'https://example.com/hooks\r\nX-Injected: 1',
      'https://example.com/ho\noks',
      'https://example.com/hooks\u0000',
    ]) {
      expectRefused(await call('POST', '/admin/webhooks', { url, events: [{ type: 'OrderPlaced' }] }, { token }), {
        url: notAllowed('URL'),
      });
    }
  });

  it("is refused in a partner's order-integration order number, and in its SKUs, which took no text builder", async () => {
    Object.assign(process.env, env);
    const secret = `strict-input-${randomUUID()}`;
    const { configuration } = await saveConfiguration(
      newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
        clientId: `client-${unique()}`,
        accountNumber: `RP-${unique()}`,
        propertyName: 'Oak Court',
        identity: `oak-${unique()}`,
        sharedSecret: secret,
      }),
    );
    const orderIntegration = async (body: unknown) => {
      const response = await fetchFrom()(`${baseUrl}/api/punchout/order-integration`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${configuration.identity}:${secret}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    };
    const order = {
      orderNumber: 'PO-17',
      accountNumber: configuration.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 1, unitPrice: 10 }],
      test: true,
    };
    expectRefused(await orderIntegration({ ...order, orderNumber: 'PO-17\r\nPO-18' }), {
      orderNumber: notAllowed('Order number'),
    });
    expectRefused(await orderIntegration({ ...order, items: [{ ...order.items[0], sku: 'FW-STD-E02\ud800' }] }), {
      'items.0.sku': FIELD_CHARACTERS_NOT_ALLOWED,
    });
    expect((await orderIntegration(order)).status).toBe(200);
  });
});

describe('numbers that are not numbers of the field', () => {
  const notQuantities = [-5, 0, 0.5, 2.7, 10_000, 'abc', '3', '0x10', null, true, [3], {}];

  it.each(notQuantities.map((quantity) => [quantity]))(
    'quantity %j is refused when adding to the cart, naming configuration.quantity',
    async (quantity) => {
      const answer = await call(
        'POST',
        '/cart/items',
        { configuration: { ...fauxWood, quantity } },
        { session: newSession() },
      );
      expectRefused(answer, { 'configuration.quantity': QUANTITY_MESSAGE });
    },
  );

  it('a missing quantity is refused too, and a quantity of 9,999 is taken as sent', async () => {
    const { quantity: _, ...withoutQuantity } = fauxWood;
    expectRefused(await call('POST', '/cart/items', { configuration: withoutQuantity }, { session: newSession() }), {
      'configuration.quantity': QUANTITY_MESSAGE,
    });
    const added = await call(
      'POST',
      '/cart/items',
      { configuration: { ...fauxWood, quantity: 9999 } },
      { session: newSession() },
    );
    expect(added.status).toBe(201);
    expect(added.body.items.map((item: { quantity: number }) => item.quantity)).toEqual([9999]);
  });

  it('a quantity is refused when changing a cart line, when quoting and when saving a configuration, naming the field', async () => {
    const session = newSession();
    const added = await call('POST', '/cart/items', { configuration: fauxWood }, { session });
    const lineId = added.body.items[0].id;
    for (const quantity of ['3', 2.5, true, null]) {
      expectRefused(await call('PATCH', `/cart/items/${lineId}`, { quantity }, { session }), {
        quantity: QUANTITY_MESSAGE,
      });
    }
    expect((await call('GET', '/cart', undefined, { session })).body.items[0].quantity).toBe(1);
    const quotes = await call('POST', '/quotes', { configurations: [fauxWood, { ...fauxWood, quantity: '0x10' }] });
    expect(quotes.status).toBe(400);
    expect(quotes.body.fieldErrors).toEqual({ 'configurations.1.quantity': QUANTITY_MESSAGE });
    expectRefused(
      await call(
        'POST',
        '/saved-products',
        { name: 'Den', configuration: { ...fauxWood, quantity: 'abc' } },
        { token: customer.accessToken },
      ),
      {
        'configuration.quantity': QUANTITY_MESSAGE,
      },
    );
  });

  it.each([[true], ['30'], ['0x1E'], ['1e1'], [null], [[30]]])(
    "a window's width %j is refused, naming it",
    async (widthTop) => {
      const token = customer.accessToken;
      const answer = await call(
        'POST',
        `/properties/${propertyId}/windows`,
        { widthTop, widthMiddle: 30, widthBottom: 30, height: 40 },
        { token },
      );
      expectRefused(answer, { widthTop: 'Top width must be a number of inches.' });
    },
  );

  it.each([['0x10'], ['12'], [true], [null], [[3]], [2.5]])(
    "a property's unit count %j is refused, naming it",
    async (totalUnitsCount) => {
      const property = {
        name: 'Elm Apartments',
        address1: '1 Elm Street',
        city: 'Plano',
        state: 'TX',
        zipCode: '75024',
        propertyType: 'apartment',
        totalUnitsCount,
        completedUnitsCount: 0,
      };
      expectRefused(await call('POST', '/properties', property, { token: customer.accessToken }), {
        totalUnitsCount: 'Total units must be a whole number of at least 1.',
      });
    },
  );

  it("the staff lists' page size takes decimal digits only, naming limit", async () => {
    const token = await accessTokenFor(baseUrl, inject('staffAccount'));
    for (const limit of ['0x10', '1e3', '%205', '5.0', '-5']) {
      expectRefused(await call('GET', `/admin/clients?limit=${limit}`, undefined, { token }), {
        limit: 'The page size must be a whole number from 1 to 100.',
      });
    }
    expect((await call('GET', '/admin/clients?limit=5', undefined, { token })).status).toBe(200);
  });
});
