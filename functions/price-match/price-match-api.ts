/**
 * The customer's routes of the Price Match Guarantee: asking for a match from the price panel (the
 * configuration priced here with the current grids, never by a figure the browser sends) and the
 * customer's own requests, for My Account.
 */
import { randomUUID } from 'node:crypto';
import { clientDisplayName } from '#domain/accounts/client';
import { describeLine, lineTitle } from '#domain/cart/line';
import {
  centsOfDollars,
  customerPriceMatchOf,
  priceMatchRefusal,
  type PriceMatchRecord,
} from '#domain/price-match/price-match';
import { priceMatchRequestSchema } from '#domain/price-match/price-match-schema';
import { configurationFieldErrors } from '#domain/pricing/errors';
import { priceConfiguration } from '#domain/pricing/price';
import { PriceMatchRequested } from '#events/price-match';
import { NO_CLIENT_MESSAGE, readClientProfile } from '../accounts/client-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { authorizedCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { clientPriceMatches, insertPriceMatch } from './price-match-store';

/** POST /api/price-matches: 201 with the request, or 400 naming the configuration's field or `competitorPrice`. */
export const requestPriceMatch = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const request = parseBody(event, priceMatchRequestSchema);
  const { configuration } = request;
  const { grids } = await loadCurrentGrids();
  const quote = priceConfiguration(configuration, grids);
  if (!quote.ok) throw new HttpError(400, quote.error.message, configurationFieldErrors(quote.error));
  const competitorUnitCents = centsOfDollars(request.competitorPrice);
  const refusal = priceMatchRefusal(configuration, quote.unitCents, competitorUnitCents);
  if (refusal) throw new HttpError(400, refusal.message, { [refusal.field]: refusal.message });
  const client = await readClientProfile(userId);
  if (!client) throw new HttpError(404, NO_CLIENT_MESSAGE);
  await limitAttempt(event, 'priceMatchRequest', client.email);
  const at = new Date(event.requestContext.timeEpoch).toISOString();
  const record: PriceMatchRecord = {
    id: randomUUID(),
    status: 'requested',
    clientId: userId,
    customer: { name: clientDisplayName(client), email: client.email },
    configuration,
    title: lineTitle(configuration),
    description: describeLine(configuration, null),
    ourUnitCents: quote.unitCents,
    competitorName: request.competitorName,
    competitorUnitCents,
    competitorUrl: request.competitorUrl,
    note: request.note,
    createdAt: at,
    updatedAt: at,
    decidedAt: null,
    decidedBy: null,
    declineReason: null,
    code: null,
  };
  await insertPriceMatch(record, [outboxEvent(PriceMatchRequested, record)]);
  return json(201, customerPriceMatchOf(record));
});

/** GET /api/price-matches: the caller's own requests, newest first. */
export const listMyPriceMatches = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  return json(200, { priceMatches: (await clientPriceMatches(userId)).map(customerPriceMatchOf) });
});
