/**
 * Saved products (customer access): a client's saved configurations, in the client's own partition.
 * Prices are computed here from the current grids; a price the browser sends is not read.
 */
import { randomUUID } from 'node:crypto';
import {
  renameSavedProductSchema,
  saveProductSchema,
  type SavedProduct,
  type SavedProductView,
} from '#domain/accounts/saved-product';
import { describeLine, lineTitle } from '#domain/cart/line';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import { configurationFieldErrors } from '#domain/pricing/errors';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents, type PriceList } from '#domain/pricing/price-list';
import { shopDateAt } from '#domain/appointments/schedule';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import {
  deleteSavedProduct,
  listSavedProducts,
  putSavedProduct,
  renameSavedProduct,
  SAVED_PRODUCT_NOT_FOUND_MESSAGE,
} from './client-store';
import { clientPriceListInEffect } from './price-list-store';

/** What a saved product costs the client now: the grids' list price, at their contract price where they have one. */
interface Pricing {
  grids: PriceGrids;
  priceList: PriceList | null;
  today: string;
}

async function pricingFor(clientId: string): Promise<Pricing> {
  const now = new Date();
  const [{ grids }, priceList] = await Promise.all([loadCurrentGrids(), clientPriceListInEffect(clientId, now)]);
  return { grids, priceList, today: shopDateAt(now) };
}

function viewOf(product: SavedProduct, { grids, priceList, today }: Pricing): SavedProductView {
  const quote = priceConfiguration(product.configuration, grids);
  const listUnitCents = quote.ok ? quote.unitCents : null;
  return {
    ...product,
    unitCents: quote.ok ? contractUnitCents(quote.unitCents, quote, priceList, today) : null,
    listUnitCents,
    priceError: quote.ok ? null : quote.error.message,
    title: lineTitle(product.configuration),
    description: describeLine(product.configuration, null),
  };
}

function savedProductIdOf(event: HttpEvent): string {
  const id = event.pathParameters?.savedProductId;
  if (!id) throw new HttpError(404, SAVED_PRODUCT_NOT_FOUND_MESSAGE);
  return id;
}

/** GET /api/saved-products: newest first, each priced now. */
export const listProducts = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const [products, pricing] = await Promise.all([listSavedProducts(userId), pricingFor(userId)]);
  return json(200, { savedProducts: products.map((product) => viewOf(product, pricing)) });
});

/** POST /api/saved-products: `{ name, configuration }`; a configuration the engine cannot price is refused with its message. */
export const saveProduct = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const { name, configuration } = parseBody(event, saveProductSchema);
  const pricing = await pricingFor(userId);
  const { grids } = pricing;
  const saved = { ...configuration, quantity: 1 };
  const quote = priceConfiguration(saved, grids);
  if (!quote.ok) throw new HttpError(400, quote.error.message, configurationFieldErrors(quote.error));
  const now = new Date().toISOString();
  const product: SavedProduct = {
    id: randomUUID(),
    name,
    configuration: saved,
    savedUnitCents: quote.unitCents,
    createdAt: now,
    updatedAt: now,
  };
  await putSavedProduct(userId, product);
  return json(201, { savedProduct: viewOf(product, pricing) });
});

/** PATCH /api/saved-products/{savedProductId}: a new, non-blank name. */
export const renameProduct = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const id = savedProductIdOf(event);
  const { name } = parseBody(event, renameSavedProductSchema);
  const [product, pricing] = await Promise.all([renameSavedProduct(userId, id, name, new Date()), pricingFor(userId)]);
  return json(200, { savedProduct: viewOf(product, pricing) });
});

/** DELETE /api/saved-products/{savedProductId} */
export const removeProduct = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  await deleteSavedProduct(userId, savedProductIdOf(event));
  return json(200, { removed: true });
});
