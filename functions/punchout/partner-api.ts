/**
 * The partner APIs (domain/punchout/README.md): price and availability, and order integration, for
 * a buyer authenticated by HTTP Basic `identity:sharedSecret` of its configuration (compared in
 * constant time), about its own account only. `priceAvailability` and `integrateOrder` are exported
 * for the admin's Run Integration Tests, which calls them in-process.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import { pricingRulesPriceList, type PunchoutConfiguration } from '#domain/punchout/configuration';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents } from '#domain/pricing/price-list';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import type { SeriesId } from '#domain/catalogue/families';
import {
  ORDER_INTEGRATION_SHIP_TO_MESSAGE,
  orderIntegrationRequestSchema,
  PARTNER_API_MESSAGES,
  priceAvailabilityRequestSchema,
  productOfPartSku,
  PURCHASE_ORDER_CURRENCY,
  type OrderIntegrationInput,
  type OrderIntegrationResponse,
  type PriceAvailabilityResponse,
} from '#domain/punchout/purchase-order';
import { newPayloadId } from '#domain/punchout/cxml/index';
import { tooManyFailedAttemptsMessage } from '#domain/rate-limits';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { placePurchaseOrder } from '../orders/purchase-orders';
import { findConfigurationForCredentials, senderSecretMatches } from './configuration-store';
import { checkUnderGuessLimit } from './guess-limit';

/**
 * The configuration whose identity and shared secret the Basic credentials are: 401 otherwise (an
 * inactive configuration, or one without a shared secret, never answers these routes), 429 with
 * Retry-After while the guess limit locks the caller out (the same counts as the cXML endpoint's).
 */
async function authenticatedConfiguration(event: HttpEvent): Promise<PunchoutConfiguration> {
  const header = event.headers?.authorization ?? '';
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw new HttpError(401, PARTNER_API_MESSAGES.unauthorized);
  const identity = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const found = await findConfigurationForCredentials([{ domain: 'NetworkId', identity }]);
  const configuration = found?.identity === identity ? found : undefined;
  const now = new Date(event.requestContext.timeEpoch);
  const check = await checkUnderGuessLimit(
    event,
    configuration,
    () =>
      configuration !== undefined &&
      configuration.sharedSecret !== null &&
      senderSecretMatches(configuration, secret, now),
  );
  if (check.outcome === 'locked') {
    throw new HttpError(429, tooManyFailedAttemptsMessage(check.retryAfterSeconds), undefined, {
      'retry-after': String(check.retryAfterSeconds),
    });
  }
  if (check.outcome === 'failed' || !configuration?.active) throw new HttpError(401, PARTNER_API_MESSAGES.unauthorized);
  return configuration;
}

function requireOwnAccount(configuration: PunchoutConfiguration, accountNumber: string): void {
  if (accountNumber !== configuration.accountNumber) throw new HttpError(403, PARTNER_API_MESSAGES.otherAccount);
}

/** A part's price for this buyer: its product's starting price (the series' default size and options), with the configuration's pricing rules. */
function partPriceCents(sku: string, configuration: PunchoutConfiguration, grids: PriceGrids): number | null {
  const product = productOfPartSku(sku);
  if (!product) return null;
  const priced = priceConfiguration(
    { ...defaultConfiguration(product.family, product.series as SeriesId), color: product.color.code },
    grids,
  );
  const priceList = pricingRulesPriceList(configuration.pricingRules);
  return priced.ok ? contractUnitCents(priced.unitCents, product, priceList, shopDateAt(new Date())) : null;
}

/** Every known part is made to order: available when the configuration says so by default, or when it takes back orders. */
function partAvailable(configuration: PunchoutConfiguration): boolean {
  return configuration.defaultAvailability || configuration.allowBackorders;
}

export async function priceAvailability(
  configuration: PunchoutConfiguration,
  skus: readonly string[],
): Promise<PriceAvailabilityResponse> {
  const { grids } = await loadCurrentGrids();
  return {
    items: skus.map((sku) => {
      const unitPriceCents = partPriceCents(sku, configuration, grids);
      return {
        sku,
        available: unitPriceCents !== null && partAvailable(configuration),
        unitPriceCents,
        currency: PURCHASE_ORDER_CURRENCY,
      };
    }),
  };
}

/**
 * Checks an order's items against the catalogue and the buyer's prices and, unless it is a test,
 * makes the order as an OrderRequest would (`placePurchaseOrder`: one order per order number, a
 * price difference flagged for staff), shipped to the request's `shipTo` and made out to the
 * configuration's property and client. A test creates nothing, so it is counted nowhere.
 */
export async function integrateOrder(
  configuration: PunchoutConfiguration,
  request: OrderIntegrationInput,
): Promise<OrderIntegrationResponse> {
  const { grids } = await loadCurrentGrids();
  const lines = request.items.map((item) => {
    const expectedUnitCents = partPriceCents(item.sku, configuration, grids);
    const known = expectedUnitCents !== null;
    return {
      sku: item.sku,
      quantity: item.quantity,
      known,
      available: known && partAvailable(configuration),
      orderedUnitCents: Math.round(item.unitPrice * 100),
      expectedUnitCents,
    };
  });
  const problems = lines.flatMap((line) => [
    ...(line.known ? [] : [`${line.sku} is not a part of the catalogue.`]),
    ...(line.known && !line.available ? [`${line.sku} is not available and back orders are not allowed.`] : []),
  ]);
  const priceDifferences = lines.flatMap((line) =>
    line.expectedUnitCents !== null && line.expectedUnitCents !== line.orderedUnitCents
      ? [{ sku: line.sku, orderedUnitCents: line.orderedUnitCents, expectedUnitCents: line.expectedUnitCents }]
      : [],
  );
  if (!request.test && !request.shipTo) problems.push(ORDER_INTEGRATION_SHIP_TO_MESSAGE);
  let shopOrderNumber: string | null = null;
  if (problems.length === 0 && !request.test && request.shipTo) {
    const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.orderedUnitCents, 0);
    const { address1, address2, city, state, zipCode } = request.shipTo;
    const shipTo = {
      name: configuration.propertyName,
      deliverTo: [],
      street: [address1, address2].filter(Boolean),
      city,
      state,
      postalCode: zipCode,
      country: 'United States',
      email: '',
    };
    const outcome = await placePurchaseOrder(configuration, {
      purchaseOrder: {
        buyerOrderId: request.orderNumber,
        payloadId: newPayloadId(new Date()),
        orderDate: new Date().toISOString(),
        type: 'new',
        documentTotalCents: subtotal,
        currency: PURCHASE_ORDER_CURRENCY,
        shipTo,
        billTo: null,
        items: lines.map((line, index) => ({
          lineNumber: index + 1,
          quantity: line.quantity,
          supplierPartId: line.sku,
          supplierPartAuxiliaryId: '',
          description: line.sku,
          unitCents: line.orderedUnitCents,
          unitOfMeasure: 'EA',
        })),
        comments: '',
      },
      submittedLines: new Map(),
      cataloguePrices: new Map(lines.map((line, index) => [index + 1, line.expectedUnitCents ?? 0])),
      contact: { name: '', email: '', phone: '' },
    });
    if (outcome.kind === 'refused') problems.push(outcome.reason);
    else shopOrderNumber = outcome.order.orderNumber;
  }
  return {
    accepted: problems.length === 0,
    orderNumber: request.orderNumber,
    shopOrderNumber,
    test: request.test,
    lines,
    priceDifferences,
    problems,
  };
}

/** POST /api/punchout/price-availability */
export const priceAvailabilityRoute = httpHandler(async (event) => {
  const configuration = await authenticatedConfiguration(event);
  const request = parseBody(event, priceAvailabilityRequestSchema);
  requireOwnAccount(configuration, request.accountNumber);
  return json(200, await priceAvailability(configuration, request.skus));
});

/** POST /api/punchout/order-integration */
export const orderIntegrationRoute = httpHandler(async (event) => {
  const configuration = await authenticatedConfiguration(event);
  const request = parseBody(event, orderIntegrationRequestSchema);
  requireOwnAccount(configuration, request.accountNumber);
  return json(200, await integrateOrder(configuration, request));
});
