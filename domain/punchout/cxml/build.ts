/**
 * Writing what the shop sends: strictly valid against the cXML DTDs in ../shared/cxml (1.2.014 for
 * responses, punch-out order messages and the buyer-style requests the admin and the tests send;
 * 1.2.020 InvoiceDetail for invoices), elements in the order the DTD fixes. Documents are built as
 * objects and serialised by fast-xml-parser's XMLBuilder, which escapes every text and attribute;
 * characters XML 1.0 cannot carry at all (most control characters) are dropped from text first.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { SHOP_NETWORK_ID } from './identity';
import { centsToDecimal } from './money';
import { ATTRIBUTE_LINE_PREFIX } from '../purchase-order';
import { supplierPartId } from '../session';
import type {
  Address,
  Contact,
  Credential,
  CxmlParties,
  CxmlStatusCode,
  DeploymentMode,
  ItemOut,
  Money,
  OrderRequestType,
  PunchOutOperation,
  PunchOutOrderLine,
} from './types';

export const CXML_DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';
export const INVOICE_DETAIL_DOCTYPE =
  '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.020/InvoiceDetail.dtd">';
/** Window blinds, shades and shutters (UNSPSC 30161700): every line of the shop's punch-out carts. */
export const UNSPSC_BLINDS = '30161700';
export const UNIT_OF_MEASURE_EACH = 'EA';
const CURRENCY = 'USD';
const LANG = 'en-US';

type Value = Node | Node[] | string | string[] | undefined;
interface Node {
  [name: string]: Value;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  suppressEmptyNode: true,
});

const NOT_XML_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlSafe(value: Value): Value {
  if (typeof value === 'string') return value.replace(NOT_XML_CHARACTERS, '');
  if (Array.isArray(value)) return value.map((item: Node | string) => xmlSafe(item)) as Node[] | string[];
  if (value === undefined) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, xmlSafe(inner)]));
}

/** A timestamp as cXML wants it: ISO 8601 with its zone, to the second. */
export function cxmlTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * A unique payload id: 'HBB-' and the time (the spec's default), a unique part (random unless the
 * document is one the shop sends again unchanged) and the shop's host.
 */
export function newPayloadId(
  at: Date,
  unique = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
): string {
  return `HBB-${at.getTime()}.${unique}@${SHOP_NETWORK_ID}`;
}

interface DocumentOptions {
  /** The document's time (default now); its timestamp, and its payload id unless given, come from it. */
  now?: Date;
  /** The payload id of a document sent again: the same document has the same id. */
  payloadId?: string;
}

function render(body: Node, options: DocumentOptions, doctype = CXML_DOCTYPE): string {
  const now = options.now ?? new Date();
  const cxml = {
    '@_payloadID': options.payloadId ?? newPayloadId(now),
    '@_timestamp': cxmlTimestamp(now),
    '@_xml:lang': LANG,
    ...body,
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n${builder.build(xmlSafe({ cXML: cxml })) as string}`;
}

function credential(c: Credential): Node {
  return {
    '@_domain': c.domain,
    Identity: c.identity,
    ...(c.sharedSecret !== undefined ? { SharedSecret: c.sharedSecret } : {}),
  };
}

function header(parties: CxmlParties): Node {
  return {
    From: { Credential: parties.from.map(credential) },
    To: { Credential: parties.to.map(credential) },
    Sender: { Credential: parties.sender.credentials.map(credential), UserAgent: parties.sender.userAgent },
  };
}

function money(cents: number, currency = CURRENCY): Node {
  return { Money: { '@_currency': currency, '#text': centsToDecimal(cents) } };
}

function extrinsicElements(extrinsics: Record<string, string> | undefined): Node[] {
  return Object.entries(extrinsics ?? {}).map(([name, value]) => ({ '@_name': name, '#text': value }));
}

function addressElement(address: Address): Node {
  return {
    Address: {
      Name: { '@_xml:lang': LANG, '#text': address.name },
      PostalAddress: {
        DeliverTo: address.deliverTo,
        // The DTD wants at least one Street.
        Street: address.street.length ? address.street : [''],
        City: address.city,
        ...(address.state ? { State: address.state } : {}),
        ...(address.postalCode ? { PostalCode: address.postalCode } : {}),
        Country: { '@_isoCountryCode': address.countryCode ?? 'US', '#text': address.country },
      },
      ...(address.email ? { Email: address.email } : {}),
    },
  };
}

function itemOutElement(item: ItemOut): Node {
  return {
    '@_quantity': String(item.quantity),
    ...(item.lineNumber !== undefined ? { '@_lineNumber': String(item.lineNumber) } : {}),
    ItemID: {
      SupplierPartID: item.supplierPartId,
      ...(item.supplierPartAuxiliaryId !== undefined ? { SupplierPartAuxiliaryID: item.supplierPartAuxiliaryId } : {}),
    },
    ...(item.unitPrice
      ? {
          ItemDetail: {
            UnitPrice: money(item.unitPrice.cents, item.unitPrice.currency),
            Description: { '@_xml:lang': LANG, '#text': item.description },
            UnitOfMeasure: item.unitOfMeasure || UNIT_OF_MEASURE_EACH,
            Classification: {
              '@_domain': item.classification?.domain ?? 'UNSPSC',
              '#text': item.classification?.code ?? UNSPSC_BLINDS,
            },
            Extrinsic: extrinsicElements(item.extrinsics),
          },
        }
      : {}),
  };
}

export interface CxmlResponseInput {
  code: CxmlStatusCode;
  /** The Status text attribute ('OK', 'Bad Request', ...). */
  text: string;
  /** The Status content: the reason of a refusal. */
  message?: string;
  /** A setup request's StartPage URL. */
  startPageUrl?: string;
}

/** The shop's answer to a buyer's request. */
export function cxmlResponse(input: CxmlResponseInput, options: DocumentOptions = {}): string {
  return render(
    {
      Response: {
        Status: {
          '@_code': String(input.code),
          '@_text': input.text,
          ...(input.message ? { '#text': input.message } : {}),
        },
        ...(input.startPageUrl ? { PunchOutSetupResponse: { StartPage: { URL: input.startPageUrl } } } : {}),
      },
    },
    options,
  );
}

export interface PunchOutOrderMessageInput extends CxmlParties {
  buyerCookie: string;
  operationAllowed: PunchOutOperation;
  /** Must equal the lines' sum (checked). */
  totalCents: number;
  lines: PunchOutOrderLine[];
  /** Add the zero-price attribute lines after each line (per configuration; on for RealPage). */
  attributeLines: boolean;
  propertyAccount: string;
}

function attributeLineEntries(
  line: PunchOutOrderLine,
  propertyAccount: string,
): [partId: string, label: string, value: string][] {
  const a = line.attributes;
  return [
    ['PROPERTY-ACCOUNT', 'Property Account Number', propertyAccount],
    ['PRODUCT-TYPE', 'Product Type', a.productType],
    ['WIDTH', 'Width', a.width],
    ['HEIGHT', 'Height', a.height],
    ['COLOR', 'Color', a.color],
    ['MATERIAL', 'Material', a.material],
    ['CONTROL-TYPE', 'Control Type', a.controlType],
    ['MOUNTING', 'Mounting', a.mounting || 'inside'],
  ];
}

function itemIn(
  quantity: number,
  partId: string,
  auxiliaryId: string | undefined,
  unitPriceCents: number,
  description: string,
  extrinsics: Record<string, string>,
): Node {
  return {
    '@_quantity': String(quantity),
    ItemID: { SupplierPartID: partId, ...(auxiliaryId !== undefined ? { SupplierPartAuxiliaryID: auxiliaryId } : {}) },
    ItemDetail: {
      UnitPrice: money(unitPriceCents),
      Description: { '@_xml:lang': LANG, '#text': description },
      UnitOfMeasure: UNIT_OF_MEASURE_EACH,
      Classification: { '@_domain': 'UNSPSC', '#text': UNSPSC_BLINDS },
      Extrinsic: extrinsicElements(extrinsics),
    },
  };
}

/** Whether a line a buyer sends back (edit, inspect, OrderRequest) is one of the zero-price attribute lines, not a blind. */
export function isAttributeLine(item: ItemOut): boolean {
  return item.supplierPartId.startsWith(ATTRIBUTE_LINE_PREFIX) && (item.unitPrice?.cents ?? 0) === 0;
}

/** The cart returned to the buyer's system (cXML 1.2.014 PunchOutOrderMessage). */
export function punchOutOrderMessage(input: PunchOutOrderMessageInput, options: DocumentOptions = {}): string {
  const linesTotal = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (linesTotal !== input.totalCents)
    throw new RangeError(`The total (${input.totalCents}) is not the lines' sum (${linesTotal}).`);
  const items = input.lines.flatMap((line, index) => [
    itemIn(
      line.quantity,
      supplierPartId(line.supplierPartId, `ITEM-${index + 1}`),
      line.supplierPartAuxiliaryId,
      line.unitPriceCents,
      line.description,
      line.extrinsics,
    ),
    ...(input.attributeLines
      ? attributeLineEntries(line, input.propertyAccount).map(([partId, label, value]) =>
          itemIn(1, `${ATTRIBUTE_LINE_PREFIX}${partId}`, undefined, 0, `${label}: ${value}`, {}),
        )
      : []),
  ]);
  return render(
    {
      Header: header(input),
      Message: {
        PunchOutOrderMessage: {
          BuyerCookie: input.buyerCookie,
          PunchOutOrderMessageHeader: { '@_operationAllowed': input.operationAllowed, Total: money(input.totalCents) },
          ItemIn: items,
        },
      },
    },
    options,
  );
}

export interface PunchOutSetupRequestInput extends CxmlParties {
  buyerCookie: string;
  returnUrl: string;
  operation: PunchOutOperation;
  extrinsics?: Record<string, string>;
  contact?: Contact;
  shipTo?: Address;
  /** The lines of the cart an edit or inspect request re-opens. */
  itemsOut?: ItemOut[];
  deploymentMode?: DeploymentMode;
}

/** A PunchOutSetupRequest as a buyer sends it (Test Configuration, tests). */
export function punchOutSetupRequest(input: PunchOutSetupRequestInput, options: DocumentOptions = {}): string {
  const contact = input.contact;
  return render(
    {
      Header: header(input),
      Request: {
        '@_deploymentMode': input.deploymentMode ?? 'production',
        PunchOutSetupRequest: {
          '@_operation': input.operation,
          BuyerCookie: input.buyerCookie,
          Extrinsic: extrinsicElements(input.extrinsics),
          BrowserFormPost: { URL: input.returnUrl },
          ...(contact
            ? {
                Contact: {
                  '@_role': 'endUser',
                  Name: { '@_xml:lang': LANG, '#text': contact.name ?? contact.email ?? '' },
                  ...(contact.email ? { Email: contact.email } : {}),
                },
              }
            : {}),
          ...(input.shipTo ? { ShipTo: addressElement(input.shipTo) } : {}),
          ItemOut: (input.itemsOut ?? []).map(itemOutElement),
        },
      },
    },
    options,
  );
}

export interface OrderRequestInput extends CxmlParties {
  orderId: string;
  /** As the buyer writes it (default: the document's time). */
  orderDate?: string;
  type?: OrderRequestType;
  total: Money;
  shipTo?: Address;
  billTo: Address;
  comments?: string;
  itemsOut: ItemOut[];
  extrinsics?: Record<string, string>;
  deploymentMode?: DeploymentMode;
}

/** An OrderRequest as a buyer sends it (tests, bench, the admin's integration test). */
export function orderRequest(input: OrderRequestInput, options: DocumentOptions = {}): string {
  const now = options.now ?? new Date();
  return render(
    {
      Header: header(input),
      Request: {
        '@_deploymentMode': input.deploymentMode ?? 'production',
        OrderRequest: {
          OrderRequestHeader: {
            '@_orderID': input.orderId,
            '@_orderDate': input.orderDate ?? cxmlTimestamp(now),
            '@_type': input.type ?? 'new',
            Total: money(input.total.cents, input.total.currency),
            ...(input.shipTo ? { ShipTo: addressElement(input.shipTo) } : {}),
            BillTo: addressElement(input.billTo),
            ...(input.comments ? { Comments: { '@_xml:lang': LANG, '#text': input.comments } } : {}),
            Extrinsic: extrinsicElements(input.extrinsics),
          },
          ItemOut: input.itemsOut.map(itemOutElement),
        },
      },
    },
    { now },
  );
}

export interface InvoiceLine {
  /** The buyer's line number (the OrderRequest's ItemOut lineNumber, or its position). */
  lineNumber: number;
  quantity: number;
  unitPriceCents: number;
  description: string;
  supplierPartId: string;
  supplierPartAuxiliaryId?: string;
}

/** Someone named on the invoice (remit to, bill to). */
export interface InvoiceParty {
  name: string;
  address?: Address;
  email?: string;
}

export interface InvoiceDetailRequestInput extends CxmlParties {
  invoiceNumber: string;
  invoiceDate: Date;
  /** The shop's order number. */
  orderNumber: string;
  /** The buyer's order: its orderID, orderDate and the OrderRequest's payloadID when known. */
  buyerOrder: { orderId: string; orderDate?: string; payloadId?: string };
  lines: InvoiceLine[];
  /** Each checked: subtotal = the lines' sum, total = subtotal + tax + shipping. */
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  remitTo?: InvoiceParty;
  billTo?: InvoiceParty;
}

function invoicePartner(role: 'remitTo' | 'billTo', party: InvoiceParty): Node {
  const postal = party.address ? (addressElement(party.address).Address as Node) : undefined;
  return {
    Contact: {
      '@_role': role,
      Name: { '@_xml:lang': LANG, '#text': party.name },
      ...(postal?.PostalAddress ? { PostalAddress: postal.PostalAddress } : {}),
      ...(party.email ? { Email: party.email } : {}),
    },
  };
}

/** A punch-out order's invoice as cXML (valid against 1.2.020 InvoiceDetail.dtd). */
export function invoiceDetailRequest(input: InvoiceDetailRequestInput, options: DocumentOptions = {}): string {
  const linesTotal = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (linesTotal !== input.subtotalCents)
    throw new RangeError(`The subtotal (${input.subtotalCents}) is not the lines' sum (${linesTotal}).`);
  if (input.subtotalCents + input.taxCents + input.shippingCents !== input.totalCents) {
    throw new RangeError(`The total (${input.totalCents}) is not subtotal + tax + shipping.`);
  }
  const partners = [
    ...(input.remitTo ? [invoicePartner('remitTo', input.remitTo)] : []),
    ...(input.billTo ? [invoicePartner('billTo', input.billTo)] : []),
  ];
  const buyerOrder = input.buyerOrder;
  const orderInfo: Node = buyerOrder.payloadId
    ? {
        OrderReference: {
          '@_orderID': buyerOrder.orderId,
          ...(buyerOrder.orderDate ? { '@_orderDate': buyerOrder.orderDate } : {}),
          DocumentReference: { '@_payloadID': buyerOrder.payloadId },
        },
        SupplierOrderInfo: { '@_orderID': input.orderNumber },
      }
    : {
        OrderIDInfo: {
          '@_orderID': buyerOrder.orderId,
          ...(buyerOrder.orderDate ? { '@_orderDate': buyerOrder.orderDate } : {}),
        },
        SupplierOrderInfo: { '@_orderID': input.orderNumber },
      };
  return render(
    {
      Header: header(input),
      Request: {
        InvoiceDetailRequest: {
          InvoiceDetailRequestHeader: {
            '@_invoiceID': input.invoiceNumber,
            '@_purpose': 'standard',
            '@_operation': 'new',
            '@_invoiceDate': cxmlTimestamp(input.invoiceDate),
            InvoiceDetailHeaderIndicator: {},
            InvoiceDetailLineIndicator: {},
            InvoicePartner: partners,
          },
          InvoiceDetailOrder: {
            InvoiceDetailOrderInfo: orderInfo,
            InvoiceDetailItem: input.lines.map((line, index) => ({
              '@_invoiceLineNumber': String(index + 1),
              '@_quantity': String(line.quantity),
              UnitOfMeasure: UNIT_OF_MEASURE_EACH,
              UnitPrice: money(line.unitPriceCents),
              InvoiceDetailItemReference: {
                '@_lineNumber': String(line.lineNumber),
                ItemID: {
                  SupplierPartID: line.supplierPartId,
                  ...(line.supplierPartAuxiliaryId !== undefined
                    ? { SupplierPartAuxiliaryID: line.supplierPartAuxiliaryId }
                    : {}),
                },
                Description: { '@_xml:lang': LANG, '#text': line.description },
              },
              SubtotalAmount: money(line.unitPriceCents * line.quantity),
            })),
          },
          InvoiceDetailSummary: {
            SubtotalAmount: money(input.subtotalCents),
            Tax: { ...money(input.taxCents), Description: { '@_xml:lang': LANG, '#text': 'Sales tax' } },
            ShippingAmount: money(input.shippingCents),
            NetAmount: money(input.totalCents),
            DueAmount: money(input.totalCents),
          },
        },
      },
    },
    options,
    INVOICE_DETAIL_DOCTYPE,
  );
}
