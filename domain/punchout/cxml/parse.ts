/**
 * Reading what procurement buyers send: lenient about the quirks real systems have (no DOCTYPE or
 * an older DTD version, timestamps in any form, text wrapped in whitespace, elements out of the
 * DTD's order, comments anywhere, credential domains in any case, no SharedSecret), strict about
 * what could hurt: no entity is ever expanded and no DTD is read or fetched. A DOCTYPE with an
 * internal subset or any ENTITY declaration is refused before parsing (XXE, billion laughs), so the
 * parser only ever sees the five predefined entities and character references.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimalToCents } from './money';
import {
  CXML_MAX_BYTES,
  CxmlRejected,
  type Address,
  type Contact,
  type Credential,
  type CxmlEnvelope,
  type CxmlRequest,
  type DeploymentMode,
  type CxmlResponse,
  type ItemOut,
  type Money,
  type OrderRequest,
  type OrderRequestType,
  type PunchOutOperation,
  type PunchOutOrderMessage,
  type PunchOutSetupRequest,
} from './types';

/** An element as the parser gives it: child elements as arrays, attributes as '@_name', text as '#text'. */
interface XmlElement {
  [name: string]: XmlElement[] | string | undefined;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Values stay text: '0012' part ids and '1505.0' amounts are read by their own rules.
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  // Decodes the predefined entities and character references (&#60;); a DOCTYPE's own entities
  // never get here (refused above), and nothing is fetched: the parser has no I/O.
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const ENTITY_DECLARATION = /<!ENTITY/i;
const DOCTYPE = /<!DOCTYPE/gi;
const DOCTYPE_WITH_INTERNAL_SUBSET = /<!DOCTYPE[^>[]*\[/i;

function byteLength(text: string): number {
  // Every UTF-16 unit is at most 3 UTF-8 bytes: count exactly only when it could matter.
  return text.length * 3 <= CXML_MAX_BYTES ? text.length : new TextEncoder().encode(text).length;
}

const REASON_MAX_LENGTH = 200;

/** A parser's message fit for a Status text: one line, and short (some quote the whole open-tag stack). */
function shortened(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > REASON_MAX_LENGTH ? `${line.slice(0, REASON_MAX_LENGTH - 1)}…` : line;
}

/** The document's cXML element, or a refusal naming why it is not a document the shop reads. */
function readCxmlElement(document: string): XmlElement {
  // A byte order mark and whitespace before the XML declaration are not well-formed, but buyers send them.
  const text = document.replace(/^\uFEFF/, '').trimStart();
  if (text.length > CXML_MAX_BYTES || byteLength(text) > CXML_MAX_BYTES) {
    throw new CxmlRejected(`The document is larger than ${CXML_MAX_BYTES} bytes.`);
  }
  if (ENTITY_DECLARATION.test(text))
    throw new CxmlRejected('Document type declarations with entities are not accepted.');
  if (DOCTYPE_WITH_INTERNAL_SUBSET.test(text)) {
    throw new CxmlRejected('Document type declarations with an internal subset are not accepted.');
  }
  if ((text.match(DOCTYPE) ?? []).length > 1)
    throw new CxmlRejected('The document has more than one document type declaration.');
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    throw new CxmlRejected(
      `The document is not well-formed XML: ${shortened(wellFormed.err.msg)} (line ${wellFormed.err.line}).`,
    );
  }
  let parsed: XmlElement;
  try {
    parsed = parser.parse(text) as XmlElement;
  } catch (error) {
    throw new CxmlRejected(
      `The document could not be read as XML: ${shortened(error instanceof Error ? error.message : String(error))}`,
    );
  }
  const roots = Object.keys(parsed);
  if (roots.length !== 1 || roots[0] !== 'cXML') {
    throw new CxmlRejected(
      roots.length === 1
        ? `The document is not cXML: its root element is ${roots[0]}.`
        : 'The document is not cXML: it needs one cXML root element.',
    );
  }
  const cxml = children(parsed, 'cXML');
  if (cxml.length !== 1) throw new CxmlRejected('The document is not cXML: it needs one cXML root element.');
  return cxml[0]!;
}

function children(element: XmlElement | undefined, name: string): XmlElement[] {
  const value = element?.[name];
  return Array.isArray(value) ? value : [];
}

function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return children(element, name)[0];
}

/** An element's own text, trimmed ('' when absent). */
function text(element: XmlElement | undefined): string {
  const value = element?.['#text'];
  return typeof value === 'string' ? value.trim() : '';
}

function attribute(element: XmlElement | undefined, name: string): string | undefined {
  const value = element?.[`@_${name}`];
  return typeof value === 'string' ? value.trim() : undefined;
}

function required(element: XmlElement | undefined, name: string, where: string): XmlElement {
  const found = child(element, name);
  if (!found) throw new CxmlRejected(`The document has no ${where}${name}.`);
  return found;
}

function credentials(element: XmlElement | undefined): Credential[] {
  return children(element, 'Credential').map((credential) => {
    const secret = child(credential, 'SharedSecret');
    return {
      domain: attribute(credential, 'domain') ?? '',
      identity: text(child(credential, 'Identity')),
      ...(secret ? { sharedSecret: text(secret) } : {}),
    };
  });
}

function extrinsics(element: XmlElement | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const extrinsic of children(element, 'Extrinsic')) {
    const name = attribute(extrinsic, 'name');
    if (name && !Object.hasOwn(found, name)) found[name] = text(extrinsic);
  }
  return found;
}

function money(element: XmlElement | undefined, where: string): Money {
  const amount = child(element, 'Money');
  if (!amount) throw new CxmlRejected(`${where} has no Money.`);
  const currency = attribute(amount, 'currency');
  if (!currency) throw new CxmlRejected(`${where} Money has no currency.`);
  return { cents: decimalToCents(text(amount), `${where} Money`), currency: currency.toUpperCase() };
}

function phone(element: XmlElement | undefined): string | undefined {
  const number = child(child(element, 'Phone'), 'TelephoneNumber');
  if (!number) return undefined;
  const parts = [
    text(child(number, 'CountryCode')) && `+${text(child(number, 'CountryCode'))}`,
    text(child(number, 'AreaOrCityCode')),
    text(child(number, 'Number')),
    text(child(number, 'Extension')) && `x${text(child(number, 'Extension'))}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

function address(holder: XmlElement | undefined): Address | null {
  const found = child(holder, 'Address');
  if (!found) return null;
  const postal = child(found, 'PostalAddress');
  const country = child(postal, 'Country');
  const countryCode = attribute(country, 'isoCountryCode') ?? attribute(found, 'isoCountryCode');
  const email = text(child(found, 'Email'));
  const phoneLine = phone(found);
  return {
    name: text(child(found, 'Name')),
    deliverTo: children(postal, 'DeliverTo').map(text),
    street: children(postal, 'Street').map(text),
    city: text(child(postal, 'City')),
    state: text(child(postal, 'State')),
    postalCode: text(child(postal, 'PostalCode')),
    country: text(country),
    ...(countryCode ? { countryCode } : {}),
    ...(email ? { email } : {}),
    ...(phoneLine ? { phone: phoneLine } : {}),
  };
}

/** The Description's text, or its ShortName when the text is empty (both appear in buyers' documents). */
function description(element: XmlElement | undefined): string {
  return text(element) || text(child(element, 'ShortName'));
}

const DECIMAL_QUANTITY = /^\d+(?:\.\d+)?$/;
const WHOLE_NUMBER = /^\d+$/;

function itemOut(item: XmlElement, position: number, element: 'ItemOut' | 'ItemIn' = 'ItemOut'): ItemOut {
  const where = `${element} ${position}`;
  const quantityText = attribute(item, 'quantity') ?? '';
  const quantity = Number(quantityText);
  if (!DECIMAL_QUANTITY.test(quantityText) || !(quantity > 0)) {
    throw new CxmlRejected(`${where} quantity is not a positive number: '${quantityText}'.`);
  }
  const lineNumberText = attribute(item, 'lineNumber');
  if (lineNumberText !== undefined && !WHOLE_NUMBER.test(lineNumberText)) {
    throw new CxmlRejected(`${where} lineNumber is not a whole number: '${lineNumberText}'.`);
  }
  const itemId = required(item, 'ItemID', `${where} `);
  const auxiliaryId = child(itemId, 'SupplierPartAuxiliaryID');
  const detail = child(item, 'ItemDetail');
  const classification = child(detail, 'Classification');
  return {
    quantity,
    ...(lineNumberText !== undefined ? { lineNumber: Number(lineNumberText) } : {}),
    supplierPartId: text(child(itemId, 'SupplierPartID')),
    ...(auxiliaryId ? { supplierPartAuxiliaryId: text(auxiliaryId) } : {}),
    unitPrice: detail ? money(required(detail, 'UnitPrice', `${where} ItemDetail `), `${where} UnitPrice`) : null,
    description: description(child(detail, 'Description')),
    unitOfMeasure: text(child(detail, 'UnitOfMeasure')),
    ...(classification
      ? { classification: { domain: attribute(classification, 'domain') ?? '', code: text(classification) } }
      : {}),
    extrinsics: extrinsics(detail),
  };
}

function contact(holder: XmlElement): Contact | null {
  const contacts = children(holder, 'Contact');
  const endUser = contacts.find((c) => attribute(c, 'role')?.toLowerCase() === 'enduser') ?? contacts[0];
  if (!endUser) return null;
  const name = text(child(endUser, 'Name'));
  const email = text(child(endUser, 'Email'));
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

const OPERATIONS: readonly PunchOutOperation[] = ['create', 'edit', 'inspect'];
const ORDER_TYPES: readonly OrderRequestType[] = ['new', 'update', 'delete'];

function setupRequest(envelope: CxmlEnvelope, setup: XmlElement): PunchOutSetupRequest {
  const operation = attribute(setup, 'operation')?.toLowerCase() ?? '';
  if (!OPERATIONS.includes(operation as PunchOutOperation)) {
    throw new CxmlRejected(`Unsupported PunchOutSetupRequest operation: '${operation}'.`);
  }
  const returnUrl = text(child(required(setup, 'BrowserFormPost', 'PunchOutSetupRequest '), 'URL'));
  if (!returnUrl) throw new CxmlRejected('The document has no BrowserFormPost URL.');
  const shipTo = address(child(setup, 'ShipTo'));
  const selected = child(child(setup, 'SelectedItem'), 'ItemID');
  const selectedAuxiliary = child(selected, 'SupplierPartAuxiliaryID');
  return {
    kind: 'PunchOutSetupRequest',
    ...envelope,
    operation: operation as PunchOutOperation,
    buyerCookie: text(required(setup, 'BuyerCookie', 'PunchOutSetupRequest ')),
    returnUrl,
    extrinsics: extrinsics(setup),
    contact: contact(setup),
    ...(shipTo ? { shipTo } : {}),
    itemsOut: children(setup, 'ItemOut').map((item, index) => itemOut(item, index + 1)),
    ...(selected
      ? {
          selectedItem: {
            supplierPartId: text(child(selected, 'SupplierPartID')),
            ...(selectedAuxiliary ? { supplierPartAuxiliaryId: text(selectedAuxiliary) } : {}),
          },
        }
      : {}),
  };
}

function orderRequest(envelope: CxmlEnvelope, order: XmlElement): OrderRequest {
  const header = required(order, 'OrderRequestHeader', 'OrderRequest ');
  const orderId = attribute(header, 'orderID');
  if (!orderId) throw new CxmlRejected('The OrderRequestHeader has no orderID.');
  const type = attribute(header, 'type')?.toLowerCase() ?? 'new';
  if (!ORDER_TYPES.includes(type as OrderRequestType))
    throw new CxmlRejected(`Unsupported OrderRequest type: '${type}'.`);
  const items = children(order, 'ItemOut');
  if (items.length === 0) throw new CxmlRejected('The OrderRequest has no ItemOut lines.');
  return {
    kind: 'OrderRequest',
    ...envelope,
    orderId,
    orderDate: attribute(header, 'orderDate') ?? '',
    type: type as OrderRequestType,
    total: money(required(header, 'Total', 'OrderRequestHeader '), 'Total'),
    shipTo: address(child(header, 'ShipTo')),
    billTo: address(child(header, 'BillTo')),
    comments: text(child(header, 'Comments')),
    itemsOut: items.map((item, index) => itemOut(item, index + 1)),
    extrinsics: extrinsics(header),
  };
}

function envelopeOf(cxml: XmlElement, deploymentMode: DeploymentMode): CxmlEnvelope {
  const header = required(cxml, 'Header', '');
  const sender = required(header, 'Sender', 'Header ');
  return {
    payloadId: attribute(cxml, 'payloadID') ?? '',
    timestamp: attribute(cxml, 'timestamp') ?? '',
    from: credentials(required(header, 'From', 'Header ')),
    to: credentials(required(header, 'To', 'Header ')),
    sender: { credentials: credentials(sender), userAgent: text(child(sender, 'UserAgent')) },
    deploymentMode,
  };
}

/** The names of an element's child elements. */
function childNames(element: XmlElement): string[] {
  return Object.keys(element).filter((key) => !key.startsWith('@_') && key !== '#text');
}

/** A buyer's request, or `CxmlRejected` with the reason for the 400 answer. */
export function parseCxml(document: string): CxmlRequest {
  const cxml = readCxmlElement(document);
  if (child(cxml, 'Response')) throw new CxmlRejected('The document is a cXML Response, not a request.');
  const message = child(cxml, 'Message');
  if (message) throw new CxmlRejected(`Unsupported cXML message: ${childNames(message)[0] ?? 'an empty Message'}.`);
  required(cxml, 'Header', '');
  const request = required(cxml, 'Request', '');
  const names = childNames(request);
  if (names.length !== 1) throw new CxmlRejected('The Request must hold exactly one request.');
  const name = names[0]!;
  const envelope = envelopeOf(
    cxml,
    attribute(request, 'deploymentMode')?.toLowerCase() === 'test' ? 'test' : 'production',
  );
  if (name === 'PunchOutSetupRequest') return setupRequest(envelope, child(request, name)!);
  if (name === 'OrderRequest') return orderRequest(envelope, child(request, name)!);
  throw new CxmlRejected(`Unsupported cXML request: ${name}`);
}

/**
 * A PunchOutOrderMessage (the cart a supplier returns to the buyer), as a buyer's system reads it:
 * the tests' stand-in buyer reads the shop's carts with it, and edits them by sending their lines back.
 */
export function parsePunchOutOrderMessage(document: string): PunchOutOrderMessage {
  const cxml = readCxmlElement(document);
  const message = required(cxml, 'Message', '');
  const poom = required(message, 'PunchOutOrderMessage', 'Message ');
  const poomHeader = required(poom, 'PunchOutOrderMessageHeader', 'PunchOutOrderMessage ');
  const operationAllowed = attribute(poomHeader, 'operationAllowed')?.toLowerCase() ?? '';
  if (!OPERATIONS.includes(operationAllowed as PunchOutOperation)) {
    throw new CxmlRejected(`Unsupported operationAllowed: '${operationAllowed}'.`);
  }
  return {
    kind: 'PunchOutOrderMessage',
    ...envelopeOf(cxml, attribute(message, 'deploymentMode')?.toLowerCase() === 'test' ? 'test' : 'production'),
    buyerCookie: text(required(poom, 'BuyerCookie', 'PunchOutOrderMessage ')),
    operationAllowed: operationAllowed as PunchOutOperation,
    total: money(required(poomHeader, 'Total', 'PunchOutOrderMessageHeader '), 'Total'),
    itemsIn: children(poom, 'ItemIn').map((item, index) => itemOut(item, index + 1, 'ItemIn')),
  };
}

/** A cXML Response (the shop's own endpoint's answer, as Test Configuration reads it), or `CxmlRejected`. */
export function parseCxmlResponse(document: string): CxmlResponse {
  const cxml = readCxmlElement(document);
  const response = required(cxml, 'Response', '');
  const status = required(response, 'Status', 'Response ');
  const code = Number(attribute(status, 'code'));
  if (!Number.isInteger(code))
    throw new CxmlRejected(`The Status code is not a number: '${attribute(status, 'code') ?? ''}'.`);
  const startPageUrl = text(child(child(child(response, 'PunchOutSetupResponse'), 'StartPage'), 'URL'));
  return {
    payloadId: attribute(cxml, 'payloadID') ?? '',
    timestamp: attribute(cxml, 'timestamp') ?? '',
    code,
    text: attribute(status, 'text') ?? '',
    message: text(status),
    ...(startPageUrl ? { startPageUrl } : {}),
  };
}
