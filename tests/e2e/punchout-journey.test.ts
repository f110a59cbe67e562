import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isAttributeLine, parseCxmlResponse, parsePunchOutOrderMessage, punchOutSetupRequest, type ItemOut } from '../../domain/punchout/cxml';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './accessibility';
import { browserForThisFile, gotoHydrated } from './browser';
import { addFauxWoodBlind, cartBadge } from './cart-steps';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const BUYER = { firstName: 'Pat', lastName: 'Lee', email: `pat.${randomUUID()}@property.example` };
const IDENTITY = `realpage-${randomUUID()}`;
const SHARED_SECRET = `secret-${randomUUID()}`;
const ACCOUNT_NUMBER = `OAK-${randomUUID().slice(0, 8)}`;

/**
 * The procurement side: an https server (the site's policy lets forms post to https only) with a
 * throwaway self-signed certificate, recording each requisition the browser returns to it.
 */
interface BuyerSystem {
  returnUrl: string;
  received: { fieldName: string; value: string }[];
  close: () => Promise<void>;
}

async function startBuyerSystem(): Promise<BuyerSystem> {
  const dir = mkdtempSync(join(tmpdir(), 'buyer-system-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const received: BuyerSystem['received'] = [];
  const server: Server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST') for (const [fieldName, value] of new URLSearchParams(body)) received.push({ fieldName, value });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Requisition</title><h1>Requisition received</h1>');
    });
  });
  rmSync(dir, { recursive: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the buyer system has no port');
  return {
    returnUrl: `https://127.0.0.1:${address.port}/requisition`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
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
  buyerSystem = await startBuyerSystem();
  const token = await accessTokenFor(baseUrl, staff);
  const { clientId } = await adminPost('clients', token, { ...BUYER, accountType: 'realpage', password: `Pw-${randomUUID()}` });
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
async function startPageFor(operation: 'create' | 'edit', buyerCookie: string, itemsOut: ItemOut[] = []): Promise<string> {
  const credential = { domain: 'NetworkId', identity: IDENTITY };
  const document = punchOutSetupRequest({
    from: [credential],
    to: [{ domain: 'DUNS', identity: 'blinds-shop' }],
    sender: { credentials: [{ ...credential, sharedSecret: SHARED_SECRET }], userAgent: 'Punch-out journey buyer system' },
    buyerCookie,
    returnUrl: buyerSystem.returnUrl,
    operation,
    extrinsics: { FirstName: BUYER.firstName, LastName: BUYER.lastName, UserEmail: BUYER.email },
    itemsOut,
  });
  const response = await fetch(`${baseUrl}/api/punchout/cxml`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: document });
  const answer = parseCxmlResponse(await response.text());
  expect(answer.code, answer.text).toBe(200);
  return answer.startPageUrl!;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

/** Each blind in the cart as the buyer reads it: product, then size, mount, colour and the rest. */
async function cartBlinds(page: Page): Promise<string[]> {
  await gotoHydrated(page, `${baseUrl}/cart`);
  const lines = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Faux Wood/ }) });
  await expect.poll(() => lines.count()).toBe(2);
  return (await lines.evaluateAll((items) => items.map((item) => item.querySelector('ul')?.textContent ?? ''))).sort();
}

describe('a procurement buyer punches out, returns two blinds and edits the requisition', () => {
  let firstStartPage = '';

  it('arrives signed in, shops without measurement offers, submits a DTD-valid cart and finds it again on edit', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      const buyerCookie = `cookie-${randomUUID()}`;
      firstStartPage = await startPageFor('create', buyerCookie);
      expect(new URL(firstStartPage).searchParams.get('rp')).toBe('true');

      await gotoHydrated(page, firstStartPage);
      await toast(page, 'Welcome, Pat! You are now signed in.').waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.getByText(`Punch-out session for ${ACCOUNT_NUMBER}`).waitFor();
      await expect.poll(() => page.evaluate(() => document.body.classList.contains('realpage-session'))).toBe(true);
      for (const entry of ['Schedule a Measure', 'Free Measure & Install', 'Free Measuring Service']) {
        expect(await page.getByRole('button', { name: entry }).count(), entry).toBe(0);
      }

      await addFauxWoodBlind(page, baseUrl, 'inside', '1');
      expect(await page.getByRole('button', { name: 'Free consultation: we measure for you' }).count()).toBe(0);
      await addFauxWoodBlind(page, baseUrl, 'outside', '2');
      const blinds = await cartBlinds(page);

      await gotoHydrated(page, `${baseUrl}/account`);
      await page.getByRole('heading', { name: 'Punch-out session' }).waitFor();
      await page.getByText(ACCOUNT_NUMBER, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname, 'a punch-out buyer stays on My Account').toBe('/account');

      await gotoHydrated(page, `${baseUrl}/checkout`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Submit Order to RealPage');
      const submit = page.getByRole('button', { name: 'Submit Order to RealPage' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      expect(await page.getByLabel('Full name').count(), 'no customer or address fields').toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await submit.click();
      await toast(page, 'Order submitted. Returning you to RealPage').waitFor();
      await page.waitForURL(buyerSystem.returnUrl);
      expect(buyerSystem.received.map((field) => field.fieldName)).toEqual(['cxml-urlencoded']);
      const cxml = buyerSystem.received[0]!.value;
      expect(cxmlDtdErrors(cxml)).toEqual([]);
      const message = parsePunchOutOrderMessage(cxml);
      expect(message.buyerCookie).toBe(buyerCookie);
      const lines = message.itemsIn.filter((item) => !isAttributeLine(item));
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line.description).toMatch(/Faux Wood/i);
      expect(new Set(lines.map((line) => line.description)).size, 'the inside and the outside mount blind').toBe(2);

      // The buyer opens the requisition again for editing: the shop gets its lines back.
      await gotoHydrated(page, await startPageFor('edit', `cookie-${randomUUID()}`, message.itemsIn));
      await toast(page, 'Welcome, Pat! You are now signed in.').waitFor();
      await expect.poll(() => cartBadge(page).textContent()).toBe('2');
      expect(await cartBlinds(page)).toEqual(blinds);
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
