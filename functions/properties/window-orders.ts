/**
 * POST /api/properties/{propertyId}/window-orders: every chosen window of the caller's property
 * (or one room of it) priced here with the current grids and added to the caller's cart, one line
 * per window size, labelled with its room. Prices the browser previewed are never read.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents } from '#domain/pricing/price-list';
import {
  NO_ITEMS_ADDED_MESSAGE,
  NO_WINDOWS_MESSAGE,
  roomLabelOf,
  windowConfiguration,
  windowOrderRequestSchema,
  windowsOfRoom,
  type WindowOrderResult,
} from '#domain/properties/window-order';
import { CartItemAdded } from '#events/catalog';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { visitorOf } from '../cart/cart-api';
import { resolveCart } from '../cart/cart-lifecycle-store';
import { addToLine } from '../cart/cart-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { authorizedCaller } from '../lib/caller';
import { publish } from '../lib/events';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { PROPERTY_NOT_FOUND, getProperty, listWindows } from './property-store';

export const createWindowOrder = httpHandler(async (event) => {
  const request = parseBody(event, windowOrderRequestSchema);
  const clientId = authorizedCaller(event).userId;
  const visitor = { ...(await visitorOf(event)), clientId };
  const propertyId = event.pathParameters?.propertyId;
  if (!propertyId) throw new HttpError(404, PROPERTY_NOT_FOUND);
  const property = await getProperty(clientId, propertyId);

  const wanted = request.windowIds ? new Set(request.windowIds) : null;
  const windows = windowsOfRoom(await listWindows(clientId, property.id), request.roomName).filter(
    (window) => !wanted || wanted.has(window.id),
  );
  if (windows.length === 0) throw new HttpError(404, NO_WINDOWS_MESSAGE);

  const now = new Date();
  const [{ grids }, priceList] = await Promise.all([loadCurrentGrids(), clientPriceListInEffect(clientId, now)]);
  const today = shopDateAt(now);
  const priced = windows.map((window) => {
    const configuration = windowConfiguration(window, request);
    return { window, configuration, quote: priceConfiguration(configuration, grids) };
  });
  const failures = priced.flatMap(({ window, quote }) =>
    quote.ok ? [] : [{ windowId: window.id, message: quote.error.message }],
  );
  // At the client's contract price where they have one, as the cart will show it.
  const addable = priced.flatMap(({ window, configuration, quote }) =>
    quote.ok
      ? [
          {
            window,
            configuration,
            quantity: quote.quantity,
            unitCents: contractUnitCents(quote.unitCents, quote, priceList, today),
          },
        ]
      : [],
  );
  if (addable.length === 0) {
    return json(400, {
      message: NO_ITEMS_ADDED_MESSAGE,
      addedCount: 0,
      totalCents: 0,
      failures,
    } satisfies WindowOrderResult & { message: string });
  }

  const cartId = await resolveCart(visitor, now, { create: true });
  // One line at a time: two windows of the same size and room label are one line, and its quantity adds up.
  // The cart lists lines by the time they were added: each window is added a millisecond after the
  // one before it, so the lines keep the property's window order instead of sharing one instant.
  for (const [index, { window, configuration, quantity, unitCents }] of addable.entries()) {
    const lineId = await addToLine(
      cartId,
      visitor,
      configuration,
      quantity,
      unitCents,
      roomLabelOf(window),
      new Date(now.getTime() + index),
    );
    await publish(CartItemAdded, {
      cartId,
      lineId,
      clientId,
      family: configuration.family,
      series: configuration.series,
      quantityAdded: quantity,
      unitCents,
      addedAt: now.toISOString(),
    });
  }
  const result: WindowOrderResult = {
    addedCount: addable.length,
    totalCents: addable.reduce((sum, { quantity, unitCents }) => sum + unitCents * quantity, 0),
    failures,
  };
  return json(201, result);
});
