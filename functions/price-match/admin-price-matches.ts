/**
 * The staff routes of the Price Matches tab: the requests waiting for review and those decided, and
 * the decision. Approving makes the customer's single-use code (a promotion) in the same
 * conditional transaction as the decision, so a request approved twice, or at once by two staff
 * members, makes one code; declining records the reason. Either way the customer is mailed
 * (PriceMatchDecided, committed with the decision).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { shopDateAt } from '#domain/appointments/schedule';
import {
  PRICE_MATCH_CODE_LENGTH,
  PRICE_MATCH_MESSAGES,
  priceMatchCode,
  priceMatchDecisionRefusal,
  priceMatchPromotion,
  type PriceMatchRecord,
} from '#domain/price-match/price-match';
import {
  adminPriceMatchesQuerySchema,
  priceMatchDecisionSchema,
  priceMatchIdSchema,
} from '#domain/price-match/price-match-schema';
import type { Promotion } from '#domain/promotions/promotion';
import { PriceMatchDecided } from '#events/price-match';
import { staffCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { decidePriceMatch, listPriceMatches, readPriceMatch } from './price-match-store';

/** A code drawn again when another promotion has it (one chance in a billion a draw). */
const CODE_ATTEMPTS = 3;

/** GET /api/admin/price-matches?list=requested|decided&cursor= */
export const listPriceMatchesForStaff = httpHandler(async (event) => {
  return json(200, await listPriceMatches(parseQuery(event, adminPriceMatchesQuerySchema)));
});

async function priceMatchOfPath(event: HttpEvent): Promise<PriceMatchRecord> {
  const id = priceMatchIdSchema.safeParse(event.pathParameters?.priceMatchId);
  const found = id.success ? await readPriceMatch(id.data) : undefined;
  if (!found) throw new HttpError(404, PRICE_MATCH_MESSAGES.notFound);
  return found;
}

/** The request approved, with the promotion its code is: a new code at each call. */
function approval(decided: PriceMatchRecord, now: Date) {
  const promotion: Promotion = priceMatchPromotion(decided, {
    id: randomUUID(),
    code: priceMatchCode(randomBytes(PRICE_MATCH_CODE_LENGTH)),
    today: shopDateAt(now),
    now: now.toISOString(),
  });
  const approved: PriceMatchRecord = {
    ...decided,
    status: 'approved',
    code: {
      promotionId: promotion.id,
      code: promotion.code!,
      amountCents: promotion.amountCents!,
      endsOn: promotion.endsOn,
    },
  };
  return { approved, promotion };
}

/** POST /api/admin/price-matches/{priceMatchId}/decision: 200 with the request decided, or 409 once it was. */
export const decidePriceMatchForStaff = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const decision = parseBody(event, priceMatchDecisionSchema);
  const record = await priceMatchOfPath(event);
  const refused = priceMatchDecisionRefusal(record.status, decision.action);
  if (refused) throw new HttpError(409, refused);
  const now = new Date();
  const decided: PriceMatchRecord = {
    ...record,
    decidedAt: now.toISOString(),
    decidedBy: staff.userId,
    updatedAt: now.toISOString(),
  };
  if (decision.action === 'decline') {
    const declined: PriceMatchRecord = { ...decided, status: 'declined', declineReason: decision.reason };
    const outcome = await decidePriceMatch(declined, {
      promotion: null,
      events: [outboxEvent(PriceMatchDecided, declined)],
    });
    if (outcome !== 'decided') throw new HttpError(409, PRICE_MATCH_MESSAGES.changedMeanwhile);
    return json(200, declined);
  }
  for (let attempt = 1; ; attempt += 1) {
    const { approved, promotion } = approval(decided, now);
    const outcome = await decidePriceMatch(approved, {
      promotion,
      events: [outboxEvent(PriceMatchDecided, approved)],
    });
    if (outcome === 'decided') return json(200, approved);
    if (outcome === 'decidedMeanwhile') throw new HttpError(409, PRICE_MATCH_MESSAGES.changedMeanwhile);
    if (attempt >= CODE_ATTEMPTS) throw new Error('No free price match code after several draws');
  }
});
