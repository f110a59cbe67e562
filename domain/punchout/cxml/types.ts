/**
 * The shapes of the cXML documents the shop reads (from procurement buyers) and writes (to them).
 * Text is as the document holds it, trimmed; money is integer cents with its currency.
 */

/** A document refused: `message` is the reason, fit for the cXML Status text of a 400 answer. */
export class CxmlRejected extends Error {
  override readonly name = 'CxmlRejected';
}

/**
 * Largest document the shop reads (4 MB). A 1,000-line OrderRequest that echoes the lines of the
 * shop's own PunchOutOrderMessage (descriptions, extrinsics) is about 1.4 MB; 4 MB leaves room for
 * what buyers add to each line (accounting, comments) and stays well inside a Lambda's 6 MB request
 * (docs/decisions/0057).
 */
export const CXML_MAX_BYTES = 4 * 1_048_576;

/** An amount in integer cents (for two-decimal currencies) and its ISO currency code. */
export interface Money {
  cents: number;
  currency: string;
}

/** A From, To or Sender credential. `domain` is kept as sent (compare it without regard to case). */
export interface Credential {
  domain: string;
  identity: string;
  sharedSecret?: string;
}

export interface Sender {
  credentials: Credential[];
  userAgent: string;
}

/** A ShipTo or BillTo address, whatever the document holds (missing parts are ''). */
export interface Address {
  name: string;
  deliverTo: string[];
  street: string[];
  city: string;
  state: string;
  postalCode: string;
  country: string;
  /** The Country element's isoCountryCode (the builders write 'US' when absent). */
  countryCode?: string;
  email?: string;
  /** The TelephoneNumber as one line: '+{country code} {area} {number}[ x{extension}]'. Read only: the builders do not write it. */
  phone?: string;
}

export interface Classification {
  domain: string;
  code: string;
}

/**
 * An ItemOut line of a buyer's document (a setup request's cart being edited or inspected, or an
 * order's line), and the line the builders write. `unitPrice` is null when the line has no ItemDetail.
 */
export interface ItemOut {
  quantity: number;
  lineNumber?: number;
  supplierPartId: string;
  supplierPartAuxiliaryId?: string;
  unitPrice: Money | null;
  description: string;
  unitOfMeasure: string;
  classification?: Classification;
  extrinsics: Record<string, string>;
}

export type PunchOutOperation = 'create' | 'edit' | 'inspect';
export type DeploymentMode = 'production' | 'test';

/** What every request carries: its envelope and header. `timestamp` is the text as sent (buyers send many forms). */
export interface CxmlEnvelope {
  payloadId: string;
  timestamp: string;
  from: Credential[];
  to: Credential[];
  sender: Sender;
  deploymentMode: DeploymentMode;
}

export interface Contact {
  name?: string;
  email?: string;
}

export interface PunchOutSetupRequest extends CxmlEnvelope {
  kind: 'PunchOutSetupRequest';
  operation: PunchOutOperation;
  buyerCookie: string;
  /** The BrowserFormPost URL, trimmed: where the buyer's browser posts the cart back. */
  returnUrl: string;
  extrinsics: Record<string, string>;
  /** The end user's Contact (role endUser, else the first one), or null. */
  contact: Contact | null;
  shipTo?: Address;
  itemsOut: ItemOut[];
  selectedItem?: { supplierPartId: string; supplierPartAuxiliaryId?: string };
}

export type OrderRequestType = 'new' | 'update' | 'delete';

export interface OrderRequest extends CxmlEnvelope {
  kind: 'OrderRequest';
  orderId: string;
  /** As sent. */
  orderDate: string;
  type: OrderRequestType;
  total: Money;
  shipTo: Address | null;
  billTo: Address | null;
  comments: string;
  itemsOut: ItemOut[];
  extrinsics: Record<string, string>;
}

export type CxmlRequest = PunchOutSetupRequest | OrderRequest;

/** A supplier's cart returned to the buyer; its ItemIn lines read like ItemOut lines. */
export interface PunchOutOrderMessage extends CxmlEnvelope {
  kind: 'PunchOutOrderMessage';
  buyerCookie: string;
  operationAllowed: PunchOutOperation;
  total: Money;
  itemsIn: ItemOut[];
}

/** A cXML Response as the shop's own endpoint answers it (read by Test Configuration and the tests). */
export interface CxmlResponse {
  payloadId: string;
  timestamp: string;
  code: number;
  text: string;
  /** The Status element's content ('' when empty). */
  message: string;
  startPageUrl?: string;
}

/** The cXML status codes the shop answers with (the HTTP status mirrors them). */
export type CxmlStatusCode = 200 | 400 | 401 | 403 | 429 | 500;

/** The From, To and Sender of a document the shop writes. */
export interface CxmlParties {
  from: Credential[];
  to: Credential[];
  sender: Sender;
}

/** The blind a cart line is, for the zero-price attribute lines (sizes as the clerk reads them, e.g. '36 1/2"'). */
export interface BlindAttributes {
  productType: string;
  width: string;
  height: string;
  color: string;
  material: string;
  controlType: string;
  /** 'inside' when not given, as the old integration did. */
  mounting?: string;
}

export interface PunchOutOrderLine {
  quantity: number;
  /** Put through the spec's part-id rule here, with 'ITEM-{position}' as the fallback. */
  supplierPartId: string;
  /** The configuration's reference (`{submissionId}-{position}`): an edit request brings it back. */
  supplierPartAuxiliaryId: string;
  unitPriceCents: number;
  /** What a purchasing clerk reads. */
  description: string;
  /** The configuration, one Extrinsic each. */
  extrinsics: Record<string, string>;
  attributes: BlindAttributes;
}
