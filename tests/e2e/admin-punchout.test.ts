import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CARRIER_NAMES } from '#domain/orders/carriers';
import {
  CREDENTIAL_WARNINGS,
  GENERATED_PASSWORD_LENGTH,
  GENERATED_SHARED_SECRET_LENGTH,
  PRICING_RULES_NOT_JSON_MESSAGE,
} from '#domain/punchout/configuration';
import { orderRequest, parseCxmlResponse, type Address } from '#domain/punchout/cxml/index';
import { CONFIGURATION_TEST_STEPS } from '#domain/punchout/monitor';
import { invoiceFileName, invoiceNumberOf } from '#domain/punchout/invoice';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

/** Values only this file's configuration has (other files may configure buyers on the same stack). */
const tag = randomBytes(4).toString('hex');
const buyer = {
  propertyName: `Oak Terrace ${tag}`,
  accountNumber: `ACCT-${tag}`,
  identity: `oak-terrace-${tag}`,
  clientEmail: `oak-${tag}@example.com`,
};
/** The configuration's shared secret, as the form showed it once: generated on save, then rotated. */
let sharedSecret = '';

async function staffApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await accessTokenFor(baseUrl, staff);
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The buyer's OrderRequest for one blind (sent with the configuration staff made), then marked shipped by staff: the order's number. */
/** The buyer's system sends an OrderRequest for one blind; the answer's Status text names the order made. */
async function placedPunchoutOrder(): Promise<string> {
  const shipTo: Address = {
    name: buyer.propertyName,
    deliverTo: ['Olive Terrace'],
    street: ['1200 Elm St'],
    city: 'Dallas',
    state: 'TX',
    postalCode: '75201',
    country: 'United States',
    email: buyer.clientEmail,
  };
  const credential = { domain: 'NetworkId', identity: buyer.identity };
  const document = orderRequest({
    from: [credential],
    to: [{ domain: 'NetworkId', identity: 'shop' }],
    sender: { credentials: [{ ...credential, sharedSecret }], userAgent: 'RealPage' },
    orderId: `PO-${tag}`,
    total: { cents: 4140, currency: 'USD' },
    shipTo,
    billTo: shipTo,
    itemsOut: [
      {
        quantity: 1,
        lineNumber: 1,
        supplierPartId: 'FW-STD-E02',
        unitPrice: { cents: 4140, currency: 'USD' },
        description: 'Faux wood blind',
        unitOfMeasure: 'EA',
        extrinsics: {},
      },
    ],
  });
  const response = await fetch(`${baseUrl}/api/punchout/cxml`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: document,
  });
  const answer = parseCxmlResponse(await response.text());
  expect(response.status, answer.message).toBe(200);
  const orderNumber = /as order (\S+)$/.exec(answer.message ?? '')?.[1];
  if (!orderNumber) throw new Error(`no order number in the answer: ${answer.message}`);
  return orderNumber;
}

async function openAdminTab(page: Page, width: number, value: string, label: string) {
  if (width < 768) await page.getByLabel('Admin section').selectOption(value);
  else await page.getByRole('tab', { name: label }).click();
}

async function staffPageAt(width: number): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAsStaff(page, baseUrl, staff);
  return page;
}

async function expectAccessible(page: Page, width: number) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The client's name and e-mail, a generated password, the account number and the identity; the form is accessible. */
async function fillTheClientAndCredentials(page: Page, form: Locator) {
  await form.getByLabel('First name', { exact: true }).fill('Olive');
  await form.getByLabel('Last name', { exact: true }).fill(`Terrace${tag}`);
  await form.getByLabel('Email', { exact: true }).fill(buyer.clientEmail);
  await form.getByRole('button', { name: 'Generate Secure Password' }).click();
  await toast(page, 'Generated secure password').waitFor();
  await expect
    .poll(() => form.getByLabel('Client password', { exact: true }).inputValue())
    .toHaveLength(GENERATED_PASSWORD_LENGTH);
  await form.getByLabel(/^Property account number/).fill(buyer.accountNumber);
  await form.getByLabel(/^Identity/).fill(buyer.identity);
  await expectAccessible(page, 1440);
}

/** The property name is missing: the form names it (and sends nothing); then it is filled in. */
async function expectAMissingPropertyNameNamed(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'Save Configuration' }).click();
  await form.getByText('Please enter a property name').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('propertyName');
  await form.getByLabel(/^Property name/).fill(buyer.propertyName);
}

/** A typed secret is hidden until shown, and one too short is refused; left empty, the save generates one. */
async function expectTheSecretHiddenAndAShortOneRefused(form: Locator) {
  await form.getByRole('tab', { name: 'Security' }).click();
  await expect.poll(() => form.getByLabel('Shared secret', { exact: true }).getAttribute('type')).toBe('password');
  await form.getByRole('button', { name: 'Show shared secret' }).click();
  await expect.poll(() => form.getByLabel('Shared secret', { exact: true }).getAttribute('type')).toBe('text');
  await form.getByRole('button', { name: 'Hide shared secret' }).waitFor();
  await form.getByLabel('Shared secret', { exact: true }).fill('too-short');
  await form.getByRole('button', { name: 'Save Configuration' }).click();
  await form.getByText('The shared secret must be at least 16 characters').waitFor();
  await form.getByLabel('Shared secret', { exact: true }).fill('');
}

/** Pricing rules that are not JSON are refused on the Advanced tab, which the form opens. */
async function expectPricingRulesThatAreNotJsonRefused(form: Locator) {
  await form.getByRole('tab', { name: 'Advanced' }).click();
  await form.getByLabel('Pricing Rules (JSON)', { exact: true }).fill('{ discount: 0.1 }');
  await form.getByRole('tab', { name: 'Client' }).click();
  await form.getByRole('button', { name: 'Save Configuration' }).click();
  await form.getByText(PRICING_RULES_NOT_JSON_MESSAGE).waitFor();
  await expect.poll(() => form.getByRole('tab', { name: 'Advanced' }).getAttribute('aria-selected')).toBe('true');
}

/** Saves the client and then the configuration; the generated secret is shown once, after the save. Answers it. */
async function saveWithAGeneratedSecret(page: Page, form: Locator, sent: string[]): Promise<string> {
  await form.getByLabel('Pricing Rules (JSON)', { exact: true }).fill('{ "discount": 0.1 }');
  await form.getByRole('button', { name: 'Save Configuration' }).click();
  await toast(page, 'Configuration created successfully').waitFor();
  expect(sent.filter((path) => path.startsWith('/api/admin/punchout'))).toEqual([
    '/api/admin/punchout/clients',
    '/api/admin/punchout/configurations',
  ]);

  const saved = page.getByRole('dialog', { name: 'Edit Configuration' });
  const secret = await saved.getByLabel('New shared secret').inputValue();
  expect(secret).toMatch(new RegExp(`^[A-Za-z0-9]{${GENERATED_SHARED_SECRET_LENGTH}}$`));
  return secret;
}

/** Test Configuration passes every step, then the dialog closes. */
async function testTheSavedConfiguration(page: Page) {
  const saved = page.getByRole('dialog', { name: 'Edit Configuration' });
  await saved.getByRole('button', { name: 'Test Configuration' }).click();
  const result = saved.getByRole('region', { name: /^Configuration test/ });
  await result.waitFor();
  // The whole text, so a failed step's detail is in the message.
  expect(await result.innerText()).toMatch(/^Configuration test successful/);
  expect(await result.getByText('failed', { exact: true }).count()).toBe(0);
  expect(await result.getByText('ok', { exact: true }).count()).toBe(CONFIGURATION_TEST_STEPS.length);
  await toast(page, 'Configuration test successful').waitFor();
  await expectAccessible(page, 1440);
  await saved.getByRole('button', { name: 'Cancel' }).click();
}

/** Opened again, the form never shows the secret: it can only be rotated, and the new one is shown once. Answers it. */
async function rotateTheSecret(page: Page, previous: string): Promise<string> {
  await page.getByRole('button', { name: `Edit ${buyer.propertyName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Configuration' });
  await edit.getByRole('tab', { name: 'Security' }).click();
  await edit.getByText(/^A shared secret is set/).waitFor();
  expect(await edit.getByLabel('New shared secret').count()).toBe(0);
  expect(await edit.innerText()).not.toContain(previous);
  await edit.getByRole('button', { name: 'Rotate Secret' }).click();
  await toast(page, 'New shared secret generated').waitFor();
  const rotated = await edit.getByLabel('New shared secret').inputValue();
  expect(rotated).toMatch(new RegExp(`^[A-Za-z0-9]{${GENERATED_SHARED_SECRET_LENGTH}}$`));
  expect(rotated).not.toBe(previous);
  await edit.getByText(/^The previous secret still works until/).waitFor();
  await expectAccessible(page, 1440);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  return rotated;
}

/** The System Monitor counts the active configurations as the API does, and the integration tests pass for this one. */
async function expectItInTheMonitorAndTheIntegrationTests(page: Page) {
  await openAdminTab(page, 1440, 'system-monitor', 'System Monitor');
  const activeConfigs = page
    .locator('dt', { hasText: 'Active RealPage Configs' })
    .locator('xpath=following-sibling::dd[1]');
  await expect
    .poll(
      async () =>
        Number(await activeConfigs.textContent()) -
        (await staffApi<{ activeConfigurations: number }>('GET', '/admin/monitor')).activeConfigurations,
    )
    .toBe(0);
  await page.getByRole('button', { name: 'Run Integration Tests' }).click();
  const ours = page
    .getByRole('list', { name: 'Integration test results' })
    .getByRole('listitem')
    .filter({ hasText: buyer.accountNumber });
  await expect.poll(() => ours.getByText('ok', { exact: true }).count(), { timeout: 60_000 }).toBe(4);
  expect(await ours.getByText('failed', { exact: true }).count()).toBe(0);
  await page.getByRole('button', { name: 'Run Integration Tests' }).waitFor();
  await expectAccessible(page, 1440);
}

describe('the integration admin tabs', () => {
  it('staff create a buyer configuration with a new client, test it, and see it in the monitor and its integration tests', async () => {
    const page = await staffPageAt(1440);
    try {
      await openAdminTab(page, 1440, 'realpage-config', 'RealPage Config');
      await page.getByRole('heading', { name: 'RealPage Integration Configuration' }).waitFor();
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      const form = page.getByRole('dialog', { name: 'New Configuration' });
      const sent: string[] = [];
      page.on('request', (request) => request.method() !== 'GET' && sent.push(new URL(request.url()).pathname));

      await fillTheClientAndCredentials(page, form);
      await expectAMissingPropertyNameNamed(page, form);
      await expectTheSecretHiddenAndAShortOneRefused(form);
      await expectPricingRulesThatAreNotJsonRefused(form);
      expect(sent.filter((path) => path.startsWith('/api/admin/punchout'))).toEqual([]);
      sharedSecret = await saveWithAGeneratedSecret(page, form, sent);
      await testTheSavedConfiguration(page);

      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: buyer.propertyName }) });
      await expect.poll(() => card.textContent()).toContain(buyer.accountNumber);
      expect(await card.textContent()).toContain('Active');
      await expectAccessible(page, 1440);

      sharedSecret = await rotateTheSecret(page, sharedSecret);
      await expectItInTheMonitorAndTheIntegrationTests(page);
    } finally {
      await page.context().close();
    }
  });

  it("shows the buyer's order with its purchase order, ships it, lists its invoice and exports it as a DTD-valid cXML file", async () => {
    const orderNumber = await placedPunchoutOrder();
    const invoiceId = invoiceNumberOf(orderNumber);
    const page = await staffPageAt(1440);
    try {
      await openAdminTab(page, 1440, 'orders', 'Orders');
      await page.getByLabel('Order number or e-mail').fill(orderNumber);
      await page.getByRole('button', { name: 'Search' }).click();
      await page
        .getByRole('button', { name: `View order ${orderNumber}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
      await dialog.getByRole('heading', { name: `Purchase order PO-${tag}` }).waitFor();
      await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
      await dialog.getByLabel('Carrier').selectOption(CARRIER_NAMES[0]);
      await dialog.getByLabel('Tracking number').fill(`TRK ${tag}`);
      await dialog.getByRole('button', { name: 'Confirm Shipment' }).click();
      await toast(page, `Order ${orderNumber} marked shipped.`).waitFor();
      await expectAccessible(page, 1440);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await openAdminTab(page, 1440, 'invoices', 'Invoice Management');
      const row = page.getByRole('row').filter({ hasText: invoiceId });
      // The invoice is made by the shipping event's consumer: Refresh Invoices until it is listed.
      await expect
        .poll(async () => {
          await page.getByRole('button', { name: 'Refresh Invoices' }).click();
          await page
            .getByRole('region', { name: 'Invoice Management' })
            .getByRole('status')
            .waitFor({ state: 'detached' });
          return row.count();
        })
        .toBe(1);
      expect(await row.textContent()).toContain(orderNumber);
      await expectAccessible(page, 1440);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'Export cXML' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(invoiceFileName(invoiceId, 'cxml'));
      const cxml = await readFile((await download.path())!, 'utf8');
      expect(cxml).toContain(invoiceId);
      expect(cxmlDtdErrors(cxml, '1.2.020-InvoiceDetail.dtd')).toEqual([]);
      await toast(page, 'Invoice exported as CXML').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('warns in the form, on the card and in the monitor of a configuration let in without a shared secret', async () => {
    const page = await staffPageAt(1440);
    try {
      await openAdminTab(page, 1440, 'realpage-config', 'RealPage Config');
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      const form = page.getByRole('dialog', { name: 'New Configuration' });
      const propertyName = `Elm Yard ${tag}`;
      await form.getByText('Choose an existing client').click();
      await form.getByRole('combobox', { name: 'Client' }).selectOption({ index: 1 });
      await form.getByLabel(/^Property name/).fill(propertyName);
      await form.getByLabel(/^Property account number/).fill(`ELM-${tag}`);
      await form.getByLabel(/^Identity/).fill(`elm-yard-${tag}`);
      // Only a buyer system that sends no secret may go without one.
      await form.getByRole('tab', { name: 'Security' }).click();
      expect(await form.getByText('Accept documents without a shared secret').count()).toBe(0);
      await form.getByRole('tab', { name: 'Advanced' }).click();
      await form.getByLabel('Buyer system').selectOption('Other cXML');
      await form.getByRole('tab', { name: 'Security' }).click();
      await form.getByText('Accept documents without a shared secret').click();
      await form.getByText(CREDENTIAL_WARNINGS.withoutSecret).waitFor();
      await expectAccessible(page, 1440);
      await form.getByRole('button', { name: 'Save Configuration' }).click();
      await toast(page, 'Configuration created successfully').waitFor();
      const saved = page.getByRole('dialog', { name: 'Edit Configuration' });
      expect(await saved.getByLabel('New shared secret').count()).toBe(0);
      await saved.getByRole('button', { name: 'Cancel' }).click();

      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: propertyName }) });
      await expect.poll(() => card.textContent()).toContain(CREDENTIAL_WARNINGS.withoutSecret);
      expect(await card.textContent()).toContain('Not required');

      await openAdminTab(page, 1440, 'system-monitor', 'System Monitor');
      const warning = page
        .getByRole('list', { name: 'Credential warnings' })
        .getByRole('listitem')
        .filter({ hasText: propertyName });
      await expect.poll(() => warning.textContent()).toContain(CREDENTIAL_WARNINGS.withoutSecret);
      await expectAccessible(page, 1440);
    } finally {
      await page.context().close();
    }
  });

  it('fits a phone: the three tabs and the form at 360 px', async () => {
    const page = await staffPageAt(360);
    try {
      await openAdminTab(page, 360, 'realpage-config', 'RealPage Config');
      await page.getByRole('heading', { name: 'RealPage Integration Configuration' }).waitFor();
      await page
        .getByRole('list', { name: 'Configurations' })
        .or(page.getByRole('heading', { name: 'No Configurations Found' }))
        .first()
        .waitFor();
      await expectAccessible(page, 360);
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      await page
        .getByRole('dialog', { name: 'New Configuration' })
        .getByRole('button', { name: 'Generate Secure Password' })
        .waitFor();
      await expectAccessible(page, 360);
      await page.getByRole('dialog', { name: 'New Configuration' }).getByRole('button', { name: 'Cancel' }).click();

      await openAdminTab(page, 360, 'invoices', 'Invoice Management');
      await page.getByRole('button', { name: 'Refresh Invoices' }).waitFor();
      await page.getByRole('region', { name: 'Invoice Management' }).getByRole('status').waitFor({ state: 'detached' });
      await expectAccessible(page, 360);

      await openAdminTab(page, 360, 'system-monitor', 'System Monitor');
      await page.locator('dt', { hasText: 'Total Orders' }).waitFor();
      await expectAccessible(page, 360);
    } finally {
      await page.context().close();
    }
  });
});
