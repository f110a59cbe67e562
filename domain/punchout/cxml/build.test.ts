import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cxmlDtdErrors } from '../../../tests/support/cxml-dtd';
import { MAX_ORDER_LINES } from '../../checkout/totals';
import {
  cxmlResponse,
  invoiceDetailRequest,
  isAttributeLine,
  orderRequest,
  parseCxml,
  parseCxmlResponse,
  parsePunchOutOrderMessage,
  punchOutOrderMessage,
  punchOutSetupRequest,
  type Address,
  type CxmlParties,
  type ItemOut,
  type PunchOutOrderLine,
} from './index';

const HOSTILE = 'Roller <shade> & "Bob\'s" ]]> &amp; &#60; &nbsp; — 36½" × 48⅛" 日本 😀';

const parties: CxmlParties = {
  from: [{ domain: 'NetworkId', identity: 'AN01-<buyer>&' }],
  to: [{ domain: 'DUNS', identity: '123456789' }],
  sender: {
    credentials: [{ domain: 'NetworkId', identity: 'AN01-<buyer>&', sharedSecret: 's3cr"et&<' }],
    userAgent: 'Hill & Brook Blinds',
  },
};

const address: Address = {
  name: 'Oak Ridge Apartments & Co',
  deliverTo: ['Leasing office', 'Attn: "Pat" <maintenance>'],
  street: ['1200 Elm St', 'Suite 4'],
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
  country: 'United States',
  countryCode: 'US',
  email: 'pat@oakridge.example',
};

const item = (position: number, description = HOSTILE): ItemOut => ({
  quantity: position,
  lineNumber: position,
  supplierPartId: `RS-${position}`,
  supplierPartAuxiliaryId: `sub_01-${position}`,
  unitPrice: { cents: 12_345 * position, currency: 'USD' },
  description,
  unitOfMeasure: 'EA',
  classification: { domain: 'UNSPSC', code: '30161700' },
  extrinsics: { Width: '36 1/2"', Color: 'Snow & <White>' },
});

const blindLine = (position: number, overrides: Partial<PunchOutOrderLine> = {}): PunchOutOrderLine => ({
  quantity: position,
  supplierPartId: `Roller Shade (Premium) #${position}`,
  supplierPartAuxiliaryId: `sub01-${position}`,
  unitPriceCents: 10_000 + position,
  description: HOSTILE,
  extrinsics: { family: 'roller', width: '36 1/2', room: 'Living <room> & "den"' },
  attributes: {
    productType: 'Roller Shade',
    width: '36 1/2"',
    height: '48"',
    color: 'Snow',
    material: 'Fabric',
    controlType: 'Cordless',
  },
  ...overrides,
});

function poom(lines: PunchOutOrderLine[], attributeLines: boolean) {
  return punchOutOrderMessage({
    ...parties,
    buyerCookie: 'c64af92d & <cookie>',
    operationAllowed: 'edit',
    totalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    lines,
    attributeLines,
    propertyAccount: 'PA-1001',
  });
}

describe('every document the shop writes is valid against the cXML DTDs', () => {
  it('declares cXML 1.2.014, a unique HBB- payload id and an ISO timestamp with its zone', () => {
    const now = new Date('2026-11-23T16:05:09.123Z');
    const [first, second] = [
      cxmlResponse({ code: 200, text: 'OK' }, { now }),
      cxmlResponse({ code: 200, text: 'OK' }, { now }),
    ];
    expect(first.split('\n').slice(0, 2)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">',
    ]);
    const { payloadId, timestamp } = parseCxmlResponse(first);
    expect(payloadId).toMatch(/^HBB-1795449909123\.[0-9a-f]{16}@hillbrookblinds\.com$/);
    expect(parseCxmlResponse(second).payloadId).not.toBe(payloadId);
    expect(timestamp).toBe('2026-11-23T16:05:09+00:00');
    expect(first).toContain('xml:lang="en-US"');
  });

  it('Response: 200 with the StartPage URL, and every refusal with its reason', () => {
    const startPageUrl = 'https://shop.example/?rp=true&s=abc&bc=c64af92d&ru=https%3A%2F%2Fbuyer.example%2Freturn';
    const ok = cxmlResponse({ code: 200, text: 'OK', startPageUrl });
    expect(cxmlDtdErrors(ok)).toEqual([]);
    expect(parseCxmlResponse(ok)).toMatchObject({ code: 200, text: 'OK', message: '', startPageUrl });
    for (const code of [400, 401, 403, 500] as const) {
      const refusal = cxmlResponse({
        code,
        text: 'Refused',
        message: `Unsupported cXML request: <Evil attr="&">\u0000${HOSTILE}`,
      });
      expect(cxmlDtdErrors(refusal)).toEqual([]);
      expect(parseCxmlResponse(refusal)).toMatchObject({
        code,
        text: 'Refused',
        message: `Unsupported cXML request: <Evil attr="&">${HOSTILE}`,
      });
      expect(parseCxmlResponse(refusal).startPageUrl).toBeUndefined();
    }
  });

  it('PunchOutOrderMessage: the lines, the total to two decimals, the configuration as Extrinsics, the part-id rule', () => {
    const lines = [blindLine(1), blindLine(2, { supplierPartId: '<>&"' })];
    const xml = poom(lines, false);
    expect(cxmlDtdErrors(xml)).toEqual([]);
    const message = parsePunchOutOrderMessage(xml);
    expect(message).toMatchObject({
      buyerCookie: 'c64af92d & <cookie>',
      operationAllowed: 'edit',
      total: { cents: 30_005, currency: 'USD' },
    });
    expect(xml).toContain('<Money currency="USD">300.05</Money>');
    expect(message.itemsIn).toEqual([
      {
        quantity: 1,
        supplierPartId: 'RollerShadePremium1',
        supplierPartAuxiliaryId: 'sub01-1',
        unitPrice: { cents: 10_001, currency: 'USD' },
        description: HOSTILE,
        unitOfMeasure: 'EA',
        classification: { domain: 'UNSPSC', code: '30161700' },
        extrinsics: { family: 'roller', width: '36 1/2', room: 'Living <room> & "den"' },
      },
      expect.objectContaining({
        quantity: 2,
        supplierPartId: 'ITEM-2',
        supplierPartAuxiliaryId: 'sub01-2',
        unitPrice: { cents: 10_002, currency: 'USD' },
      }),
    ]);
    expect(message.itemsIn.some(isAttributeLine)).toBe(false);
  });

  it("PunchOutOrderMessage with the old integration's zero-price attribute lines after each blind (mounting inside by default)", () => {
    const xml = poom(
      [blindLine(1), blindLine(2, { attributes: { ...blindLine(2).attributes, mounting: 'outside' } })],
      true,
    );
    expect(cxmlDtdErrors(xml)).toEqual([]);
    const message = parsePunchOutOrderMessage(xml);
    expect(message.total.cents).toBe(30_005);
    expect(message.itemsIn).toHaveLength(18);
    const [blind, ...attributes] = message.itemsIn.slice(0, 9);
    expect(isAttributeLine(blind!)).toBe(false);
    expect(attributes.every(isAttributeLine)).toBe(true);
    expect(
      attributes.map((line) => [
        line.description,
        line.unitPrice?.cents,
        line.unitOfMeasure,
        line.classification?.code,
      ]),
    ).toEqual(
      [
        'Property Account Number: PA-1001',
        'Product Type: Roller Shade',
        'Width: 36 1/2"',
        'Height: 48"',
        'Color: Snow',
        'Material: Fabric',
        'Control Type: Cordless',
        'Mounting: inside',
      ].map((description) => [description, 0, 'EA', '30161700']),
    );
    expect(message.itemsIn[17]!.description).toBe('Mounting: outside');
  });

  it('PunchOutOrderMessage of 1,000 lines, the most an order holds, stays valid and reads back line by line', () => {
    const lines = Array.from({ length: MAX_ORDER_LINES }, (_, index) => blindLine(index + 1, { quantity: 1 }));
    const xml = poom(lines, false);
    expect(cxmlDtdErrors(xml)).toEqual([]);
    const message = parsePunchOutOrderMessage(xml);
    expect(message.itemsIn.map((line) => line.supplierPartAuxiliaryId)).toEqual(
      lines.map((line) => line.supplierPartAuxiliaryId),
    );
    expect(message.total.cents).toBe(lines.reduce((sum, line) => sum + line.unitPriceCents, 0));
  });

  it('PunchOutOrderMessage refuses a total that is not its lines', () => {
    expect(() =>
      punchOutOrderMessage({
        ...parties,
        buyerCookie: 'b',
        operationAllowed: 'create',
        totalCents: 1,
        lines: [blindLine(1)],
        attributeLines: false,
        propertyAccount: 'PA',
      }),
    ).toThrow(RangeError);
  });

  it('PunchOutSetupRequest as a buyer sends it round-trips through parseCxml', () => {
    const xml = punchOutSetupRequest({
      ...parties,
      buyerCookie: 'TEST-1795449909123',
      returnUrl: 'https://buyer.example/return?a=1&b=<2>',
      operation: 'edit',
      extrinsics: { FirstName: 'Zoë', LastName: "O'Brien <&>", UserEmail: 'zoe@buyer.example' },
      contact: { name: "Zoë O'Brien", email: 'zoe@buyer.example' },
      shipTo: address,
      itemsOut: [item(1), item(2)],
      deploymentMode: 'test',
    });
    expect(cxmlDtdErrors(xml)).toEqual([]);
    expect(parseCxml(xml)).toEqual({
      kind: 'PunchOutSetupRequest',
      payloadId: expect.stringMatching(/^HBB-/),
      timestamp: expect.any(String),
      ...parties,
      deploymentMode: 'test',
      operation: 'edit',
      buyerCookie: 'TEST-1795449909123',
      returnUrl: 'https://buyer.example/return?a=1&b=<2>',
      extrinsics: { FirstName: 'Zoë', LastName: "O'Brien <&>", UserEmail: 'zoe@buyer.example' },
      contact: { name: "Zoë O'Brien", email: 'zoe@buyer.example' },
      shipTo: address,
      itemsOut: [item(1), item(2)],
    });
  });

  it('OrderRequest as a buyer sends it round-trips through parseCxml', () => {
    const xml = orderRequest({
      ...parties,
      orderId: 'PO-2026-<0042>',
      orderDate: '2026-11-23T10:00:00-06:00',
      type: 'update',
      total: { cents: 37_035, currency: 'USD' },
      shipTo: address,
      billTo: { ...address, name: 'Oak Ridge Accounts Payable', email: undefined },
      comments: HOSTILE,
      itemsOut: [item(1), item(2)],
      extrinsics: { CostCenter: '42 & <up>' },
    });
    expect(cxmlDtdErrors(xml)).toEqual([]);
    const order = parseCxml(xml);
    expect(order).toMatchObject({
      kind: 'OrderRequest',
      orderId: 'PO-2026-<0042>',
      orderDate: '2026-11-23T10:00:00-06:00',
      type: 'update',
      total: { cents: 37_035, currency: 'USD' },
      shipTo: address,
      comments: HOSTILE,
      itemsOut: [item(1), item(2)],
      extrinsics: { CostCenter: '42 & <up>' },
    });
    expect(order.kind === 'OrderRequest' && order.billTo).toEqual({
      ...address,
      name: 'Oak Ridge Accounts Payable',
      email: undefined,
    });
  });

  it('InvoiceDetailRequest is valid against 1.2.020 InvoiceDetail.dtd, by the order payload id or by the order id alone', () => {
    const input = {
      ...parties,
      invoiceNumber: 'INV-<1001>',
      invoiceDate: new Date('2026-11-23T16:00:00Z'),
      orderNumber: 'HB-100234',
      lines: [
        {
          lineNumber: 1,
          quantity: 2,
          unitPriceCents: 12_345,
          description: HOSTILE,
          supplierPartId: 'RollerShade',
          supplierPartAuxiliaryId: 'sub01-1',
        },
        {
          lineNumber: 2,
          quantity: 1,
          unitPriceCents: 5_000,
          description: 'Cellular shade',
          supplierPartId: 'Cellular',
        },
      ],
      subtotalCents: 29_690,
      taxCents: 2_375,
      shippingCents: 1_250,
      totalCents: 33_315,
      remitTo: {
        name: 'Hill & Brook Blinds LLC',
        address: { ...address, name: 'Hill & Brook Blinds LLC' },
        email: 'hello@hillbrookblinds.com',
      },
      billTo: { name: 'Oak Ridge <AP>' },
    };
    const byPayload = invoiceDetailRequest({
      ...input,
      buyerOrder: { orderId: 'PO-1', orderDate: '2026-11-20T09:00:00-06:00', payloadId: '1452186890.009162@buyer' },
    });
    expect(byPayload.split('\n')[1]).toBe(
      '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.020/InvoiceDetail.dtd">',
    );
    expect(cxmlDtdErrors(byPayload, '1.2.020-InvoiceDetail.dtd')).toEqual([]);
    expect(byPayload).toContain('<DueAmount>\n          <Money currency="USD">333.15</Money>');
    const byOrderId = invoiceDetailRequest({
      ...input,
      buyerOrder: { orderId: 'PO-1' },
      remitTo: undefined,
      billTo: undefined,
    });
    expect(cxmlDtdErrors(byOrderId, '1.2.020-InvoiceDetail.dtd')).toEqual([]);
    expect(() => invoiceDetailRequest({ ...input, buyerOrder: { orderId: 'PO-1' }, totalCents: 33_316 })).toThrow(
      RangeError,
    );
    expect(() => invoiceDetailRequest({ ...input, buyerOrder: { orderId: 'PO-1' }, subtotalCents: 1 })).toThrow(
      RangeError,
    );
  });

  it('any text a buyer or a clerk could type stays valid and comes back as typed (trimmed; characters XML cannot carry dropped)', () => {
    const notXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
    const text = fc.string({ unit: 'binary', maxLength: 30 });
    fc.assert(
      fc.property(text, text, text, (cookie, description, extrinsic) => {
        const xml = punchOutSetupRequest({
          ...parties,
          buyerCookie: cookie,
          returnUrl: 'https://buyer.example/return',
          operation: 'create',
          extrinsics: { Note: extrinsic },
          itemsOut: [{ ...item(1), description }],
        });
        expect(cxmlDtdErrors(xml)).toEqual([]);
        const request = parseCxml(xml);
        const typed = (value: string) => value.replace(notXml, '').replace(/\r\n?/g, '\n').trim();
        expect(
          request.kind === 'PunchOutSetupRequest' && [
            request.buyerCookie,
            request.itemsOut[0]!.description,
            request.extrinsics.Note,
          ],
        ).toEqual([typed(cookie), typed(description), typed(extrinsic)]);
      }),
      { numRuns: 30 },
    );
  });
});
