import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsStaff } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver: a server on this machine that keeps every delivery and answers 200. */
let receiver: Server;
const received: Received[] = [];
let receiverUrl: string;
const unique = randomBytes(4).toString('hex');

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`received ${unique}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${unique}`;
});

afterAll(() => {
  receiver?.close();
});

/** The body as the sender signed it, or a thrown error when the signature does not verify with `secret`. */
function verified(delivery: Received, secret: string): unknown {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]),
  );
  return new Webhook(secret).verify(delivery.body, headers);
}

async function openWebhooksTab(page: Page, width: number): Promise<void> {
  await signInAsStaff(page, baseUrl, staff);
  if (width < 768) await page.getByLabel('Admin section').selectOption('webhooks');
  else await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Add Webhook' }).and(page.locator(':enabled')).waitFor();
}

function fitsTheScreen(page: Page, width: number): Promise<boolean> {
  return page.evaluate((viewport) => document.documentElement.scrollWidth <= viewport, width);
}

/** Adds a subscription to the receiver for contact messages; its signing secret is shown once. Answers it. */
async function addASubscription(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  const form = page.getByRole('dialog', { name: 'Add Webhook' });
  await form.getByRole('textbox', { name: 'Receiver URL' }).fill(receiverUrl);
  await form.getByRole('textbox', { name: 'Description' }).fill(`Spreadsheet ${unique}`);
  await form.getByText('Contact message submitted', { exact: true }).click();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();

  const secretDialog = page.getByRole('alertdialog', { name: 'Signing secret' });
  await expect.poll(() => secretDialog.getByText('You will not see this secret again.').isVisible()).toBe(true);
  const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect.poll(() => secretDialog.count()).toBe(0);
  return secret;
}

/** Send Test Event reaches the receiver, signed with the secret, and the activity dialog logs the attempt. */
async function sendATestEvent(page: Page, card: Locator, secret: string) {
  await card.getByRole('button', { name: 'Send Test Event' }).click();
  await expect
    .poll(() => card.getByRole('status').textContent(), { timeout: 20_000 })
    .toMatch(/Test event delivered: HTTP 200 in \d+ ms/);
  expect(await card.getByRole('status').textContent()).toContain(`received ${unique}`);
  expect(received).toHaveLength(1);
  expect(verified(received[0]!, secret)).toMatchObject({ type: 'WebhookTest' });

  await card.getByRole('button', { name: 'Attempts and Dead Letters' }).click();
  const activity = page.getByRole('dialog', { name: 'Webhook activity' });
  const attempts = activity.getByRole('region', { name: 'Delivery attempts' }).getByRole('listitem');
  await expect.poll(() => attempts.allTextContents()).toEqual([expect.stringMatching(/HTTP 200.*Test event/)]);
  await expect.poll(() => activity.getByText('No dead letters').isVisible()).toBe(true);
  await activity.getByRole('button', { name: 'Close' }).first().click();
}

/** A visitor sends `message` from the contact page. */
async function sendAContactMessage(page: Page, message: string) {
  await gotoHydrated(page, `${baseUrl}/contact-us`);
  await page.getByRole('textbox', { name: 'Name' }).fill('Riley Webhook');
  await page.getByRole('textbox', { name: 'Email' }).fill(`riley.${unique}@example.com`);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Arched windows');
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => page.getByText('Thanks, Riley Webhook!').isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The receiver gets the contact message once, signed with the secret. */
async function expectTheMessageDeliveredSigned(message: string, secret: string) {
  await expect
    .poll(
      () =>
        received.filter((delivery) => delivery.body.includes(unique) && !delivery.body.includes('WebhookTest')).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const contact = received.find((delivery) => delivery.body.includes(message))!;
  expect(verified(contact, secret)).toMatchObject({
    id: contact.headers['webhook-id'],
    type: 'ContactMessageSubmitted',
    data: { message: { name: 'Riley Webhook', message } },
  });
}

describe('the admin Webhooks tab', () => {
  it('adds a subscription to a local receiver, shows its secret once, sends a test event and logs it; a contact message then reaches the receiver signed', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await openWebhooksTab(page, 1440);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const secret = await addASubscription(page);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: receiverUrl }) });
      await expect.poll(() => card.textContent()).toContain(`Spreadsheet ${unique}`);
      expect(await card.textContent()).not.toContain(secret);
      await sendATestEvent(page, card, secret);

      const message = `Do you make blinds for arched windows? ${unique}`;
      await sendAContactMessage(page, message);
      await expectTheMessageDeliveredSigned(message, secret);
    } finally {
      await context.close();
    }
  });

  it('fits a 360 px screen with no serious accessibility problem, the tab and the form', async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 800 } });
    try {
      const page = await context.newPage();
      await openWebhooksTab(page, 360);
      await expect.poll(() => page.getByRole('heading', { name: receiverUrl }).isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await fitsTheScreen(page, 360)).toBe(true);

      await page.getByRole('button', { name: 'Add Webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Add Webhook' });
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => form.getByText('Please enter the receiver’s URL (https://…).').isVisible()).toBe(true);
      await expect
        .poll(() =>
          form.getByRole('textbox', { name: 'Receiver URL' }).evaluate((input) => input === document.activeElement),
        )
        .toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await fitsTheScreen(page, 360)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
