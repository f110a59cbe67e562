import * as z from 'zod';
import { configurationSchema } from '#domain/pricing/configuration';
import { priceMany } from '#domain/pricing/price';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { loadCurrentGrids } from './grid-store';

/** A property manager prices a whole building in one call. */
export const MAX_QUOTES_PER_REQUEST = 500;

const quotesRequestSchema = z.object({
  configurations: z.array(configurationSchema).min(1).max(MAX_QUOTES_PER_REQUEST),
});

/** parseBody's 400, with the first bad configuration's index and field named in the message too. */
function parseQuotesRequest(event: HttpEvent) {
  try {
    return parseBody(event, quotesRequestSchema);
  } catch (error) {
    const first = error instanceof HttpError && error.fieldErrors && Object.entries(error.fieldErrors)[0];
    if (!first) throw error;
    throw new HttpError(400, `${first[0]}: ${first[1]}`, (error as HttpError).fieldErrors);
  }
}

/**
 * POST /api/quotes: the engine's result for each configuration, priced with the current grids.
 * Any price the browser sends is not part of the schema, so it is never read.
 */
export const createQuotes = httpHandler(async (event) => {
  const { configurations } = parseQuotesRequest(event);
  const { grids, versions } = await loadCurrentGrids();
  return json(200, { ...priceMany(configurations, grids), versions });
});
