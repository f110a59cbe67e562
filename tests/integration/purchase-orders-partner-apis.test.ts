/**
 * The punch-out partner APIs through the local stack (domain/punchout/README.md): prices and orders
 * for the calling buyer's own account only, a test order creating nothing, and an order made once
 * per order number, on invoice, shipped where the call says.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import { ORDER_INTEGRATION_SHIP_TO_MESSAGE, type OrderIntegrationResponse } from '#domain/punchout/purchase-order';
import { purchaseOrderIdOf } from '../../functions/orders/purchase-orders';
import { registerConfirmedCustomer } from '../support/customer';
import { purchaseOrderRun } from './purchase-order-buyers';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const { run, coupaSecret, realPageSecret, configure, setUp, adminOrder } = purchaseOrderRun();

let coupa: PunchoutConfiguration;
let realPage: PunchoutConfiguration;
let other: PunchoutConfiguration;

beforeAll(async () => {
  Object.assign(process.env, env);
  // The property manager RealPage buys as: an order the partner API makes is theirs.
  const manager = await registerConfirmedCustomer(baseUrl, { firstName: 'Maria', lastName: 'Gomez' });
  [{ realPage }, coupa, other] = await Promise.all([
    setUp({ clientId: manager.clientId }),
    configure({ identity: `dell-${run}`, sharedSecret: coupaSecret, buyerSystem: 'Coupa' }),
    configure({ identity: `other-${run}`, buyerSystem: 'Other cXML' }),
  ]);
});

describe('partner APIs', () => {
  const basic = (identity: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${identity}:${secret}`).toString('base64')}`,
    'content-type': 'application/json',
  });
  const post = async (path: string, headers: Record<string, string>, body: unknown) => {
    const response = await fetch(`${baseUrl}/api/punchout/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("answer only the buyer's own account, and a test order creates nothing", async () => {
    const own = basic(realPage.identity, realPageSecret);
    expect(
      (
        await post('price-availability', basic(realPage.identity, 'guess'), {
          skus: ['FW-STD-E02'],
          accountNumber: realPage.accountNumber,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await post('price-availability', basic(coupa.identity, ''), {
          skus: ['FW-STD-E02'],
          accountNumber: coupa.accountNumber,
        })
      ).status,
    ).toBe(401);
    expect(
      (await post('price-availability', own, { skus: ['FW-STD-E02'], accountNumber: other.accountNumber })).status,
    ).toBe(403);

    const prices = await post('price-availability', own, {
      skus: ['FW-STD-E02', 'NOPE-1'],
      accountNumber: realPage.accountNumber,
    });
    expect(prices).toMatchObject({
      status: 200,
      body: {
        items: [
          { sku: 'FW-STD-E02', available: true, unitPriceCents: expect.any(Number), currency: 'USD' },
          { sku: 'NOPE-1', available: false, unitPriceCents: null },
        ],
      },
    });
    const unitPrice = (prices.body.items as Array<{ unitPriceCents: number }>)[0]!.unitPriceCents / 100;

    const orderNumber = `IT-${run}`;
    const test = await post('order-integration', own, {
      orderNumber,
      accountNumber: realPage.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 2, unitPrice }],
      test: true,
    });
    expect(test).toMatchObject({
      status: 200,
      body: {
        accepted: true,
        test: true,
        shopOrderNumber: null,
        priceDifferences: [],
      } satisfies Partial<OrderIntegrationResponse>,
    });
    expect((await adminOrder(purchaseOrderIdOf(realPage.id, orderNumber))).status).toBe(404);
  });

  it('make an order that is not a test, on invoice, shipped to the address the call carries, once per order number', async () => {
    const own = basic(realPage.identity, realPageSecret);
    const prices = await post('price-availability', own, {
      skus: ['FW-STD-E02'],
      accountNumber: realPage.accountNumber,
    });
    const unitPrice = (prices.body.items as Array<{ unitPriceCents: number }>)[0]!.unitPriceCents / 100;
    const orderNumber = `OI-${run}`;
    const call = {
      orderNumber,
      accountNumber: realPage.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 2, unitPrice }],
    };

    const withoutShipTo = await post('order-integration', own, call);
    expect([withoutShipTo.status, withoutShipTo.body.fieldErrors]).toEqual([
      400,
      { shipTo: ORDER_INTEGRATION_SHIP_TO_MESSAGE },
    ]);

    const shipTo = { address1: '1200 Elm St', address2: 'Unit 4', city: 'Dallas', state: 'tx', zipCode: '75201' };
    const placed = await post('order-integration', own, { ...call, shipTo });
    expect(placed).toMatchObject({
      status: 200,
      body: { accepted: true, test: false, problems: [], shopOrderNumber: expect.any(String) },
    });
    expect((await post('order-integration', own, { ...call, shipTo })).body.shopOrderNumber).toBe(
      placed.body.shopOrderNumber,
    );

    const { order } = await adminOrder(purchaseOrderIdOf(realPage.id, orderNumber));
    expect(order).toMatchObject({
      channel: 'punchout',
      status: 'processing',
      paymentStatus: 'invoice',
      orderNumber: placed.body.shopOrderNumber,
      clientId: realPage.clientId,
      shippingAddress: { address1: '1200 Elm St', address2: 'Unit 4', city: 'Dallas', state: 'TX', zipCode: '75201' },
    });
    expect(order!.history.filter((entry) => entry.event === 'placed')).toHaveLength(1);
  });
});
