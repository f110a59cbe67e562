import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();

async function storedMessagesFrom(email: string) {
  const { Items = [] } = await table.send(
    new QueryCommand({
      TableName: env.TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CONTACT_MESSAGES' },
      ScanIndexForward: false,
    }),
  );
  return Items.filter((item) => item.email === email);
}

function submit(body: unknown) {
  return fetch(`${baseUrl}/api/contact-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function setDeliveryMode(mode: 'normal' | 'twice-out-of-order') {
  return localTools(baseUrl, '/event-bus/delivery-mode', { method: 'PUT', body: JSON.stringify({ mode }) });
}

afterEach(async () => {
  await setDeliveryMode('normal');
});

describe('contact form messages', () => {
  it('are kept for staff and reach them by mail, with an acknowledgement to the customer', async () => {
    const email = `ana-${randomUUID()}@example.com`;
    const response = await submit({
      name: 'Ana Lopez',
      email: email.toUpperCase(),
      phone: '214-555-0100',
      hasExistingOrder: true,
      orderNumber: 'HBB-1042',
      subject: 'Install date',
      message: 'Can the crew come on Friday?',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const [stored] = await storedMessagesFrom(email);
    expect(stored).toMatchObject({
      messageId: id,
      name: 'Ana Lopez',
      orderNumber: 'HBB-1042',
      subject: 'Install date',
    });

    const mails = await eventually(
      () => mailsFor(baseUrl, email),
      (m) => m.length >= 2,
    );
    const toStaff = mails.find((m) => m.to.includes(env.STAFF_EMAIL!));
    const toCustomer = mails.find((m) => m.to.includes(email));
    expect(toStaff).toMatchObject({ subject: 'Contact form: Install date', replyTo: [email] });
    expect(toStaff?.text).toContain('Existing order: yes, HBB-1042');
    expect(toStaff?.text).toContain('Can the crew come on Friday?');
    expect(toCustomer?.subject).toBe('We received your message: Install date');
    expect(toCustomer?.text).toContain('within 24 hours');
  });

  it('send one mail each even when the bus delivers the event twice and out of order', async () => {
    await setDeliveryMode('twice-out-of-order');
    const email = `ben-${randomUUID()}@example.com`;
    const response = await submit({ name: 'Ben', email, subject: 'Samples', message: 'Do you ship samples to Waco?' });
    expect(response.status).toBe(201);

    await eventually(
      () => mailsFor(baseUrl, email),
      (m) => m.length >= 2,
    );
    // Give the duplicate delivery time to arrive and be recognised.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = await mailsFor(baseUrl, email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Contact form: Samples', 'We received your message: Samples']);
  });

  it('are refused with every bad field named, and nothing is kept', async () => {
    const email = `cy-${randomUUID()}@example.com`;
    const response = await submit({ name: '', email, hasExistingOrder: true, subject: 'Order', message: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      fieldErrors: {
        name: 'Please enter your name.',
        message: 'Please enter a message.',
        orderNumber: 'Please enter your order number.',
      },
    });
    expect(await storedMessagesFrom(email)).toEqual([]);
  });
});
