/**
 * Punch-out buyers sending purchase orders to the local stack, as the purchase-orders-*.test.ts
 * files drive them: configurations and returned carts saved straight to the table, cXML posted to
 * the endpoint, orders read through the staff API. Each file makes its own run of them
 * (`purchaseOrderRun`), so no file reads a configuration, a cart or an order another file made.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { AdminOrderDetail } from '#domain/orders/responses';
import { WOOD_SMOOTH_COLORS } from '#domain/catalogue/colors';
import { defaultConfiguration } from '#domain/pricing/configuration';
import {
  newConfigurationSchema,
  type ConfigurationFormInput,
  type PunchoutConfiguration,
} from '#domain/punchout/configuration';
import { orderRequest, parseCxmlResponse, type Address, type ItemOut } from '#domain/punchout/cxml/index';
import { auxiliaryIdOf } from '#domain/punchout/session';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import { storeSubmission, type Submission } from '../../functions/punchout/sessions-store';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');

export async function postCxml(body: string) {
  const response = await fetch(`${baseUrl}/api/punchout/cxml`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body,
  });
  const text = await response.text();
  return { status: response.status, cxml: parseCxmlResponse(text) };
}

export async function api<T>(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, text: await response.text() } as {
    status: number;
    headers: Headers;
    text: string;
    body?: T;
  };
}

export function itemOut(
  lineNumber: number,
  quantity: number,
  unitCents: number,
  supplierPartAuxiliaryId?: string,
): ItemOut {
  return {
    quantity,
    lineNumber,
    supplierPartId: `FW-${lineNumber}`,
    ...(supplierPartAuxiliaryId ? { supplierPartAuxiliaryId } : {}),
    unitPrice: { cents: unitCents, currency: 'USD' },
    description: `Blind ${lineNumber}`,
    unitOfMeasure: 'EA',
    extrinsics: {},
  };
}

/**
 * One file's buyers: its run id and secrets, the address RealPage ships to, and what reads or makes
 * RealPage's orders once `setUp` (in the file's beforeAll) has made its configuration.
 */
export function purchaseOrderRun() {
  const run = randomUUID().slice(0, 8);
  const coupaSecret = `coupa-secret-${run}`;
  const realPageSecret = `open-sesame-${run}`;
  let staffToken: string;
  let realPage: PunchoutConfiguration;

  async function configure(
    form: Partial<ConfigurationFormInput> & Pick<ConfigurationFormInput, 'identity'>,
  ): Promise<PunchoutConfiguration> {
    const input = newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
      clientId: `client-${run}`,
      accountNumber: `ACCT-${randomUUID().slice(0, 12)}`,
      propertyName: 'Oak Terrace Apartments',
      ...form,
    });
    return (await saveConfiguration(input)).configuration;
  }

  /** Signs staff in and saves RealPage's configuration, with `form`'s fields besides its identity and secret. */
  async function setUp(form: Partial<ConfigurationFormInput> = {}) {
    [staffToken, realPage] = await Promise.all([
      accessTokenFor(baseUrl, inject('staffAccount')),
      configure({ identity: `rp-${run}`, sharedSecret: realPageSecret, buyerSystem: 'RealPage', ...form }),
    ]);
    return { staffToken, realPage };
  }

  async function adminOrder(orderId: string) {
    const answer = await api('GET', `/admin/orders/${orderId}`, staffToken);
    return {
      status: answer.status,
      order: answer.status === 200 ? (JSON.parse(answer.text) as AdminOrderDetail) : null,
    };
  }

  const shipTo: Address = {
    name: 'Oak Terrace Apartments',
    deliverTo: ['Maria Gomez'],
    street: ['1200 Elm St', 'Unit 4'],
    city: 'Dallas',
    state: 'tx',
    postalCode: '75201',
    country: 'United States',
    email: `maria-${run}@oakterrace.example`,
  };

  /** A cart the shop returned to RealPage: two blinds with their rooms and unit prices (or `count` faux wood blinds), stored as the submit stores it. */
  async function submittedCart(count?: number): Promise<Submission> {
    const lines: Submission['lines'] =
      count === undefined
        ? [
            {
              position: 1,
              configuration: defaultConfiguration('faux-wood-blinds'),
              roomLabel: 'Living Room',
              quantity: 2,
              unitCents: 4140,
            },
            {
              position: 2,
              configuration: { ...defaultConfiguration('wood-blinds'), color: WOOD_SMOOTH_COLORS[0]!.code },
              roomLabel: null,
              quantity: 1,
              unitCents: 12000,
            },
          ]
        : Array.from({ length: count }, (_, index) => ({
            position: index + 1,
            configuration: defaultConfiguration('faux-wood-blinds'),
            roomLabel: `Unit ${index + 1}`,
            quantity: 1,
            unitCents: 4140,
          }));
    const submission: Submission = {
      submissionId: randomUUID().replace(/-/g, ''),
      cartId: randomUUID(),
      cartUpdatedAt: new Date().toISOString(),
      configId: realPage.id,
      sessionId: randomUUID(),
      buyerCookie: `bc-${run}`,
      operationAllowed: 'edit',
      totalCents: lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0),
      lines,
      createdAt: new Date().toISOString(),
    };
    await storeSubmission(submission);
    return submission;
  }

  /** RealPage's OrderRequest for these lines, the Total their sum (or the largest a cXML Money writes exactly). */
  function realPageOrderRequest(orderId: string, itemsOut: ItemOut[]): string {
    const sum = itemsOut.reduce((total, item) => total + item.quantity * item.unitPrice!.cents, 0);
    const total = Number.isSafeInteger(sum) ? sum : 999_999_999_999_999;
    const credential = { domain: 'NetworkId', identity: realPage.identity };
    return orderRequest({
      from: [credential],
      to: [{ domain: 'NetworkId', identity: 'shop' }],
      sender: { credentials: [{ ...credential, sharedSecret: realPageSecret }], userAgent: 'RealPage' },
      orderId,
      total: { cents: total, currency: 'USD' },
      shipTo,
      billTo: shipTo,
      itemsOut,
    });
  }

  function orderRequestOf(
    submission: Submission,
    orderId: string,
    unitCents: (line: Submission['lines'][number]) => number,
  ): string {
    return realPageOrderRequest(
      orderId,
      submission.lines.map((line) =>
        itemOut(line.position, line.quantity, unitCents(line), auxiliaryIdOf(submission.submissionId, line.position)),
      ),
    );
  }

  return {
    run,
    coupaSecret,
    realPageSecret,
    shipTo,
    configure,
    setUp,
    adminOrder,
    submittedCart,
    realPageOrderRequest,
    orderRequestOf,
  };
}
