/**
 * Punch-out OrderRequests through the local stack that something refuses (domain/punchout/README.md,
 * decision 0033): one the shop cannot place answers a cXML 400 and stores nothing; one whose event
 * the bus refuses is accepted, and the outbox's sweep publishes it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import type { ItemOut } from '#domain/punchout/cxml/index';
import { PURCHASE_ORDER_MESSAGES } from '#domain/punchout/purchase-order';
import { OUTBOX_SWEEP_AFTER_MS } from '../../functions/lib/event-outbox';
import { purchaseOrderIdOf } from '../../functions/orders/purchase-orders';
import { eventually } from '../support/eventually';
import { localTools, refusePublishing } from '../support/local-tools';
import { outbox } from '../support/outbox';
import { itemOut, postCxml, purchaseOrderRun } from './purchase-order-buyers';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const { run, shipTo, setUp, adminOrder, submittedCart, realPageOrderRequest, orderRequestOf } = purchaseOrderRun();

let realPage: PunchoutConfiguration;

beforeAll(async () => {
  Object.assign(process.env, env);
  ({ realPage } = await setUp());
});

describe('an OrderRequest the shop cannot place', () => {
  const refusals: Array<[string, () => Promise<ItemOut[]>, string]> = [
    [
      'a negative unit price',
      async () => [itemOut(1, 1, 4140), itemOut(2, 1, -10_000)],
      PURCHASE_ORDER_MESSAGES.unitPrice(2, -10_000),
    ],
    ['a zero unit price', async () => [itemOut(1, 2, 0)], PURCHASE_ORDER_MESSAGES.unitPrice(1, 0)],
    [
      'an absurd unit price at the largest quantity',
      async () => [itemOut(1, 9999, 999_999_999_999_999)],
      PURCHASE_ORDER_MESSAGES.unitPrice(1, 999_999_999_999_999),
    ],
    ['a quantity above 9,999', async () => [itemOut(3, 10_000, 4140)], PURCHASE_ORDER_MESSAGES.quantity(3)],
    ['a fractional quantity', async () => [itemOut(1, 1.5, 4140)], PURCHASE_ORDER_MESSAGES.quantity(1)],
    ['line number 0', async () => [itemOut(0, 1, 4140)], PURCHASE_ORDER_MESSAGES.lineNumber(1, 0)],
    [
      '1,001 lines, more than one order holds',
      async () => Array.from({ length: MAX_ORDER_LINES + 1 }, (_, index) => itemOut(index + 1, 1, 4140)),
      PURCHASE_ORDER_MESSAGES.tooManyLines(MAX_ORDER_LINES + 1),
    ],
  ];

  it.each(refusals)(
    '%s: a cXML 400 saying which line and why, on every delivery, and nothing stored',
    async (_, lines, reason) => {
      const orderId = `PO-${run}-${randomUUID().slice(0, 8)}`;
      const document = realPageOrderRequest(orderId, await lines());
      for (const delivery of [1, 2]) {
        const answer = await postCxml(document);
        expect({ delivery, status: answer.status, message: answer.cxml.message }).toEqual({
          delivery,
          status: 400,
          message: reason,
        });
      }
      // The order's id is the buyer's orderID's: no order was stored under it.
      expect((await adminOrder(purchaseOrderIdOf(realPage.id, orderId))).status).toBe(404);
    },
  );

  it('a document without a payloadID: a 400, and nothing stored', async () => {
    const orderId = `PO-${run}-${randomUUID().slice(0, 8)}`;
    const document = realPageOrderRequest(orderId, [itemOut(1, 1, 4140)]).replace(/payloadID="[^"]*"/, 'payloadID=""');
    const answer = await postCxml(document);
    expect({ status: answer.status, message: answer.cxml.message }).toEqual({
      status: 400,
      message: PURCHASE_ORDER_MESSAGES.payloadId,
    });
    expect((await adminOrder(purchaseOrderIdOf(realPage.id, orderId))).status).toBe(404);
  });
});

describe('an OrderRequest while the bus refuses its event', () => {
  it("is accepted, a retry answers the same order, and the sweep publishes OrderPlaced: the buyer's and staff's mails arrive", async () => {
    const orderId = `PO-${run}-outbox`;
    const document = orderRequestOf(await submittedCart(), orderId, (line) => line.unitCents);
    await refusePublishing(baseUrl, orderId);
    let answers: Array<Awaited<ReturnType<typeof postCxml>>>;
    try {
      answers = [await postCxml(document), await postCxml(document)];
    } finally {
      await refusePublishing(baseUrl, null);
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const orderNumber = answers[0]!.cxml.message.split(' ').pop()!;
    expect(answers.map((answer) => answer.cxml.message)).toEqual([
      `Accepted as order ${orderNumber}`,
      `Accepted as order ${orderNumber}`,
    ]);

    const sweep = () =>
      localTools(baseUrl, '/schedules/PublishEventOutbox/run', {
        method: 'POST',
        body: JSON.stringify({ time: new Date(Date.now() + OUTBOX_SWEEP_AFTER_MS + 1_000).toISOString() }),
      });
    const aboutOrder = async () => {
      await sweep();
      return (await outbox(baseUrl)).filter((mail) => mail.subject.includes(orderNumber)).map((mail) => mail.to.join());
    };
    expect((await eventually(aboutOrder, (recipients) => recipients.length >= 2, 15_000)).sort()).toEqual(
      [shipTo.email!, env.STAFF_EMAIL!].sort(),
    );
  });
});
