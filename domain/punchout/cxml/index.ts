/** The cXML documents of punch-out: read what buyers send (`parseCxml`), write what the shop sends. See ../README.md. */
export * from './types';
export { parseCxml, parseCxmlResponse, parsePunchOutOrderMessage } from './parse';
export { decimalToCents, centsToDecimal } from './money';
export {
  CXML_DOCTYPE,
  INVOICE_DETAIL_DOCTYPE,
  UNSPSC_BLINDS,
  UNIT_OF_MEASURE_EACH,
  cxmlTimestamp,
  newPayloadId,
  cxmlResponse,
  punchOutOrderMessage,
  punchOutSetupRequest,
  orderRequest,
  invoiceDetailRequest,
  isAttributeLine,
  type CxmlResponseInput,
  type PunchOutOrderMessageInput,
  type PunchOutSetupRequestInput,
  type OrderRequestInput,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceDetailRequestInput,
} from './build';
