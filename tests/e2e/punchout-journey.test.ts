import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatCents } from '#domain/pricing/money';
import {
  isAttributeLine,
  parseCxmlResponse,
  parsePunchOutOrderMessage,
  punchOutSetupRequest,
  type ItemOut,
} from '#domain/punchout/cxml/index';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { outbox, type OutboxMail } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { addFauxWoodBlind, cartBadge } from './support/cart-steps';
import { summaryValue } from './support/summary';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const BUYER = { firstName: 'Pat', lastName: 'Lee', email: `pat.${randomUUID()}@property.example` };
const IDENTITY = `realpage-${randomUUID()}`;
const SHARED_SECRET = `secret-${randomUUID()}`;
const ACCOUNT_NUMBER = `OAK-${randomUUID().slice(0, 8)}`;

/**
 * The procurement side: an https server with a throwaway self-signed certificate, or a plain http
 * one (an address setup requests may give), recording each requisition the browser returns to it.
 * While it holds, its answers wait (the post has arrived, the browser has not left the shop yet).
 */
interface BuyerSystem {
  returnUrl: string;
  received: { fieldName: string; value: string }[];
  /** Answers the posts held so far, and every later one at once. */
  release: () => void;
  close: () => Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'buyer-system-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true });
  }
}

async function startBuyerSystem({
  secure,
  holding = false,
}: {
  secure: boolean;
  holding?: boolean;
}): Promise<BuyerSystem> {
  const received: BuyerSystem['received'] = [];
  let release = () => {};
  const released = holding ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const handle: RequestListener = (request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        for (const [fieldName, value] of new URLSearchParams(body)) received.push({ fieldName, value });
      void released.then(() => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><title>Requisition</title><h1>Requisition received</h1>');
      });
    });
  };
  const server: Server = secure ? createHttpsServer(selfSignedCertificate(), handle) : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the buyer system has no port');
  return {
    returnUrl: `${secure ? 'https' : 'http'}://127.0.0.1:${address.port}/requisition`,
    received,
    release: () => release(),
    close: () => {
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function adminPost(path: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/admin/punchout/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Record<string, unknown>;
}

let buyerSystem: BuyerSystem;

beforeAll(async () => {
  buyerSystem = await startBuyerSystem({ secure: true, holding: true });
  const token = await accessTokenFor(baseUrl, staff);
  const { clientId } = await adminPost('clients', token, {
    ...BUYER,
    accountType: 'realpage',
    password: `Pw-${randomUUID()}`,
  });
  await adminPost('configurations', token, {
    clientId,
    accountNumber: ACCOUNT_NUMBER,
    propertyName: 'Oak Court Apartments',
    identity: IDENTITY,
    sharedSecret: SHARED_SECRET,
    buyerSystem: 'RealPage',
  });
});

afterAll(async () => {
  await buyerSystem?.close();
});

/** The buyer system's PunchOutSetupRequest for this buyer; answers the StartPage URL the shop issued. */
async function startPageFor(
  operation: 'create' | 'edit',
  buyerCookie: string,
  itemsOut: ItemOut[] = [],
  returnUrl = buyerSystem.returnUrl,
): Promise<string> {
  const credential = { domain: 'NetworkId', identity: IDENTITY };
  const document = punchOutSetupRequest({
    from: [credential],
    to: [{ domain: 'DUNS', identity: 'blinds-shop' }],
    sender: {
      credentials: [{ ...credential, sharedSecret: SHARED_SECRET }],
      userAgent: 'Punch-out journey buyer system',
    },
    buyerCookie,
    returnUrl,
    operation,
    extrinsics: { FirstName: BUYER.firstName, LastName: BUYER.lastName, UserEmail: BUYER.email },
    itemsOut,
  });
  const response = await fetch(`${baseUrl}/api/punchout/cxml`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: document,
  });
  const answer = parseCxmlResponse(await response.text());
  expect(answer.code, answer.text).toBe(200);
  return answer.startPageUrl!;
}

/** The punch-out session this browser holds (read before the page starts leaving). */
async function storedPartnerSession(page: Page): Promise<{ partnerToken: string; shoppingSessionId: string }> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('punchoutSession')))!) as {
    partnerToken: string;
    shoppingSessionId: string;
  };
}

/** The partner cart as the server has it. */
async function serverCartItems({
  partnerToken,
  shoppingSessionId,
}: {
  partnerToken: string;
  shoppingSessionId: string;
}): Promise<number> {
  const response = await fetch(`${baseUrl}/api/cart`, {
    headers: { 'x-partner-session': partnerToken, 'x-shopping-session-id': shoppingSessionId },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: unknown[] }).items.length;
}

/** Staff's "Punch-out cart returned" mails for this buyer's property. */
async function staffReturnMails(): Promise<OutboxMail[]> {
  return (await outbox(baseUrl)).filter(
    (mail) => mail.subject.startsWith('Punch-out cart returned') && mail.text?.includes(ACCOUNT_NUMBER),
  );
}

/** Every 401 the page's requests were answered, and every console error: a punch-out session causes none. */
function recordUnauthorized(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) seen.push(`401 ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** Each blind in the cart as the buyer reads it: product, then size, mount, colour and the rest. */
async function cartBlinds(page: Page): Promise<string[]> {
  await gotoHydrated(page, `${baseUrl}/cart`);
  const lines = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Faux Wood/ }) });
  await expect.poll(() => lines.count()).toBe(2);
  return (await lines.evaluateAll((items) => items.map((item) => item.querySelector('ul')?.textContent ?? ''))).sort();
}

/**
 * The cart page's total for a purchase order: no tax estimate and no installation offer, which the
 * buyer's order never carries, so the figure is the one the submit page and the buyer's system get.
 */
async function cartPageTotal(page: Page): Promise<string> {
  await gotoHydrated(page, `${baseUrl}/cart`);
  const summary = page.getByTestId('order-summary');
  const total = summary
    .locator('div')
    .filter({ has: page.getByText('Total', { exact: true }) })
    .locator('span')
    .last();
  await total.waitFor();
  expect(await summary.getByText(/tax/i).count(), 'no tax on a purchase order').toBe(0);
  expect(await page.getByRole('heading', { name: 'Professional Installation' }).count()).toBe(0);
  return (await total.textContent()) ?? '';
}

/** The StartPage signs the buyer in and opens a punch-out session, with no offer to measure for them. */
async function arriveSignedIn(page: Page, startPage: string) {
  await gotoHydrated(page, startPage);
  await toast(page, 'Welcome, Pat! You are now signed in.').waitFor();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await page.getByText(`Punch-out session for ${ACCOUNT_NUMBER}`).waitFor();
  await expect.poll(() => page.evaluate(() => document.body.classList.contains('realpage-session'))).toBe(true);
  for (const entry of ['Schedule a Measure', 'Free Measure & Install', 'Free Measuring Service']) {
    expect(await page.getByRole('button', { name: entry }).count(), entry).toBe(0);
  }
}

/** My Account shows the punch-out session; checkout submits to RealPage, with no customer or address fields. Answers its button. */
async function openThePunchoutCheckout(page: Page, cartTotal: string): Promise<Locator> {
  await gotoHydrated(page, `${baseUrl}/account`);
  await page.getByRole('heading', { name: 'Punch-out session' }).waitFor();
  await page.getByText(ACCOUNT_NUMBER, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname, 'a punch-out buyer stays on My Account').toBe('/account');

  await gotoHydrated(page, `${baseUrl}/checkout`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Submit Order to RealPage');
  const submit = page.getByRole('button', { name: 'Submit Order to RealPage' });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  expect(await page.getByLabel('Full name').count(), 'no customer or address fields').toBe(0);
  expect(await summaryValue(page.getByTestId('partner-totals'), 'Total').textContent()).toBe(cartTotal);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  return submit;
}

/**
 * Submit posts the cart to the buyer's system as a DTD-valid PunchOutOrderMessage; the cart stays
 * open and staff hear nothing until the browser has left the shop. Answers the message.
 */
async function submitTheCart(page: Page, submit: Locator, buyerCookie: string) {
  const partnerSession = await storedPartnerSession(page);
  await submit.click();
  await toast(page, 'Order submitted. Returning you to RealPage').waitFor();
  // The post has reached the buyer's system, whose answer is still on its way: the browser has not left the shop yet.
  await expect.poll(() => buyerSystem.received.length).toBe(1);
  expect(await serverCartItems(partnerSession), 'the cart stays open until the browser has left').toBe(2);
  expect(await staffReturnMails(), 'staff are not told before the return').toEqual([]);
  buyerSystem.release();
  await page.waitForURL(buyerSystem.returnUrl);
  await expect.poll(async () => (await staffReturnMails()).length, { timeout: 20_000 }).toBe(1);
  expect(buyerSystem.received.map((field) => field.fieldName)).toEqual(['cxml-urlencoded']);
  const cxml = buyerSystem.received[0]!.value;
  expect(cxmlDtdErrors(cxml)).toEqual([]);
  const message = parsePunchOutOrderMessage(cxml);
  expect(message.buyerCookie).toBe(buyerCookie);
  const lines = message.itemsIn.filter((item) => !isAttributeLine(item));
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line.description).toMatch(/Faux Wood/i);
  expect(new Set(lines.map((line) => line.description)).size, 'the inside and the outside mount blind').toBe(2);
  return message;
}

describe('a procurement buyer punches out, returns two blinds and edits the requisition', () => {
  let firstStartPage = '';

  it('arrives signed in, shops without measurement offers, submits a DTD-valid cart and finds it again on edit', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      const unauthorized = recordUnauthorized(page);
      const buyerCookie = `cookie-${randomUUID()}`;
      firstStartPage = await startPageFor('create', buyerCookie);
      expect(new URL(firstStartPage).searchParams.get('rp')).toBe('true');

      await arriveSignedIn(page, firstStartPage);

      await addFauxWoodBlind(page, baseUrl, 'inside', '1');
      expect(await page.getByRole('button', { name: 'Free consultation: we measure for you' }).count()).toBe(0);
      await addFauxWoodBlind(page, baseUrl, 'outside', '2');
      const blinds = await cartBlinds(page);
      const cartTotal = await cartPageTotal(page);
      const submit = await openThePunchoutCheckout(page, cartTotal);
      expect(unauthorized, 'no 401 and no console error in a punch-out session (the chat check among them)').toEqual(
        [],
      );
      const message = await submitTheCart(page, submit, buyerCookie);
      expect(formatCents(message.total.cents), 'the total the buyer saw is the one their system gets').toBe(cartTotal);

      // The buyer opens the requisition again for editing: the shop gets its lines back.
      await gotoHydrated(page, await startPageFor('edit', `cookie-${randomUUID()}`, message.itemsIn));
      await toast(page, 'Welcome, Pat! You are now signed in.').waitFor();
      await expect.poll(() => cartBadge(page).textContent()).toBe('2');
      expect(await cartBlinds(page)).toEqual(blinds);
    } finally {
      await context.close();
    }
  });

  it('returns the cart to a buyer system at an http address, as its setup request gave it', async () => {
    const plainBuyerSystem = await startBuyerSystem({ secure: false });
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, await startPageFor('create', `cookie-${randomUUID()}`, [], plainBuyerSystem.returnUrl));
      await toast(page, 'Welcome, Pat! You are now signed in.').waitFor();
      await addFauxWoodBlind(page, baseUrl, 'inside', '1');
      await gotoHydrated(page, `${baseUrl}/checkout`);
      const submit = page.getByRole('button', { name: 'Submit Order to RealPage' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await page.waitForURL(plainBuyerSystem.returnUrl);
      expect(plainBuyerSystem.received.map((field) => field.fieldName)).toEqual(['cxml-urlencoded']);
      expect(cxmlDtdErrors(plainBuyerSystem.received[0]!.value)).toEqual([]);
    } finally {
      await context.close();
      await plainBuyerSystem.close();
    }
  });

  it('tells the buyer plainly when the page may not post the cart, keeps it open and tells staff nothing', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, await startPageFor('create', `cookie-${randomUUID()}`));
      await toast(page, 'Welcome, Pat! You are now signed in.').waitFor();
      await addFauxWoodBlind(page, baseUrl, 'outside', '1');
      // A policy that lets this page post nowhere but the shop: the return cannot be made.
      await page.route(`${baseUrl}/checkout`, async (route) => {
        const response = await route.fetch();
        const policy = response
          .headers()
          ['content-security-policy']!.replace(/form-action [^;]*/, "form-action 'self'");
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
      });
      await gotoHydrated(page, `${baseUrl}/checkout`);
      const submit = page.getByRole('button', { name: 'Submit Order to RealPage' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      const partnerSession = await storedPartnerSession(page);
      const mailsBefore = (await staffReturnMails()).length;
      const postsBefore = buyerSystem.received.length;
      await submit.click();
      // Read by script: Playwright's locators would wait for the navigation the form began, which the policy stopped.
      const alerts = () =>
        page.evaluate(() => [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent ?? ''));
      await expect
        .poll(alerts)
        .toEqual(expect.arrayContaining([expect.stringContaining('Your cart was not returned')]));
      expect((await alerts()).join(' ')).toContain(`this browser would not send it to ${buyerSystem.returnUrl}`);
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll('button')].some(
              (button) => button.textContent === 'Submit Order to RealPage' && !button.disabled,
            ),
          ),
        )
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/checkout');
      expect(await serverCartItems(partnerSession), 'the cart is still open').toBe(1);
      expect(buyerSystem.received).toHaveLength(postsBefore);
      expect(await staffReturnMails()).toHaveLength(mailsBefore);
    } finally {
      await context.close();
    }
  });

  it('refuses a StartPage that was already used', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, firstStartPage);
      await toast(page, /^RealPage Authentication Error: \S/).waitFor();
      expect(await page.getByText('Punch-out session for').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
