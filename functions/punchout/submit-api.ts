/**
 * Returning a partner cart (docs/decisions/0040), in two steps. POST /api/punchout/submit (partner
 * token): the cart, priced with the configuration's rules, becomes a submission (the store of its
 * lines' SupplierPartAuxiliaryIDs) and a PunchOutOrderMessage the browser posts to the buyer's return
 * URL; the cart stays open. Submitting the same cart again (a retry, a second press) answers the same
 * message, built again from its submission with the same payload id and timestamp. POST
 * /api/punchout/submissions/{submissionId}/returned: the browser is leaving with the message, and
 * only then does the cart become `submitted` and staff hear of it, once.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import { newPayloadId, punchOutOrderMessage } from '#domain/punchout/cxml/index';
import { pricingRulesPriceList, type PunchoutConfiguration } from '#domain/punchout/configuration';
import {
  auxiliaryIdOf,
  clerkDescriptionOf,
  operationAllowedAfter,
  punchOutOrderLineOf,
  shopPartiesFor,
  SUBMITTED_EVENT_LINES_MAX_BYTES,
  submittedLineSummary,
  type SubmitAnswer,
} from '#domain/punchout/session';
import { PARTNER_MESSAGES, PARTNER_SESSION_HEADER } from '#domain/punchout/partner-messages';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents } from '#domain/pricing/price-list';
import { PunchoutSubmitted } from '#events/punchout';
import { resolveCart } from '../cart/cart-lifecycle-store';
import { readCart, submissionReference, type StoredLine } from '../cart/cart-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { outboxEvent } from '../lib/event-outbox';
import { HttpError, json } from '../lib/http';
import { partnerHandler, requiredPartnerCaller } from './sessions-api';
import {
  markReturned,
  readPartnerSession,
  readSubmission,
  storeSubmission,
  SUBMISSION_ID_PATTERN,
  submissionIdOf,
  type PartnerSession,
  type Submission,
  type SubmittedLine,
} from './sessions-store';

/** The message and the form field it goes back in: the same for the same submission, whenever it is asked for. */
function answerOf(submission: Submission, session: PartnerSession, configuration: PunchoutConfiguration): SubmitAnswer {
  const createdAt = new Date(submission.createdAt);
  const cxml = punchOutOrderMessage(
    {
      ...shopPartiesFor(configuration),
      buyerCookie: submission.buyerCookie,
      operationAllowed: submission.operationAllowed,
      totalCents: submission.totalCents,
      lines: submission.lines.map((line) =>
        punchOutOrderLineOf(line, auxiliaryIdOf(submission.submissionId, line.position)),
      ),
      attributeLines: configuration.attributeLines,
      propertyAccount: configuration.accountNumber,
    },
    { now: createdAt, payloadId: newPayloadId(createdAt, submission.submissionId) },
  );
  return {
    success: true,
    returnUrl: session.returnUrl,
    fieldName: configuration.returnField,
    // cxml-urlencoded: the document itself; the browser's form encodes it.
    fieldValue: configuration.returnField === 'cxml-base64' ? Buffer.from(cxml, 'utf8').toString('base64') : cxml,
    operationAllowed: submission.operationAllowed,
    submissionId: submission.submissionId,
  };
}

/** The lines PunchoutSubmitted carries: all of them while they fit, else none (its consumer reads the submission). */
function submittedLinesOfEvent(submission: Submission) {
  const lines = submission.lines.map(submittedLineSummary);
  const linesIncluded = Buffer.byteLength(JSON.stringify(lines)) <= SUBMITTED_EVENT_LINES_MAX_BYTES;
  return { lines: linesIncluded ? lines : [], linesIncluded };
}

/** The partner cart's lines at the configuration's prices; a line the grids can no longer price is refused by name. */
async function pricedLines(
  lines: StoredLine[],
  configuration: PunchoutConfiguration,
  now: Date,
): Promise<SubmittedLine[]> {
  const { grids } = await loadCurrentGrids();
  const priceList = pricingRulesPriceList(configuration.pricingRules);
  return lines.map((line, index) => {
    const blind = { ...line.configuration, quantity: line.quantity };
    const quote = priceConfiguration(blind, grids);
    if (!quote.ok)
      throw new HttpError(400, `${clerkDescriptionOf(blind, line.roomLabel ?? null)}: ${quote.error.message}`);
    return {
      position: index + 1,
      configuration: blind,
      roomLabel: line.roomLabel ?? null,
      quantity: line.quantity,
      unitCents: contractUnitCents(quote.unitCents, blind, priceList, shopDateAt(now)),
    };
  });
}

export const submitPunchoutCart = partnerHandler(async (event) => {
  const now = new Date();
  const { session, configuration, visitor } = await requiredPartnerCaller(event, now);
  const cartId = await resolveCart(visitor, now, { create: false });
  const cart = cartId ? await readCart(cartId, visitor) : null;
  if (!cartId || !cart || cart.lines.length === 0) {
    // The cart just returned, asked for again (a second press, a page left open): the same cart. The
    // session is read again: the cart was found submitted after the session was read, by a return
    // whose transaction set both, so only a read made now is sure to name it.
    const lastSubmissionId = cartId
      ? undefined
      : (await readPartnerSession(event.headers[PARTNER_SESSION_HEADER]!, now))?.lastSubmissionId;
    const last = lastSubmissionId ? await readSubmission(lastSubmissionId) : undefined;
    if (last) return json(200, answerOf(last, session, configuration));
    throw new HttpError(400, PARTNER_MESSAGES.cartEmpty);
  }
  const submissionId = submissionIdOf(cartId, cart.updatedAt);
  const earlier = await readSubmission(submissionId);
  if (earlier) return json(200, answerOf(earlier, session, configuration));
  const lines = await pricedLines(cart.lines, configuration, now);
  const submission: Submission = {
    submissionId,
    cartId,
    cartUpdatedAt: cart.updatedAt,
    configId: configuration.id,
    sessionId: session.sessionId,
    buyerCookie: session.buyerCookie,
    operationAllowed: operationAllowedAfter(session.operation),
    totalCents: lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0),
    lines,
    createdAt: now.toISOString(),
  };
  // A concurrent press of the same cart stored it first: answer that one, so every press posts the same message.
  const answered = (await storeSubmission(submission)) ? submission : await readSubmission(submissionId);
  return json(200, answerOf(answered!, session, configuration));
});

/**
 * POST /api/punchout/submissions/{submissionId}/returned (partner token): the buyer's browser is
 * leaving the shop with the submission's message for their procurement system. The cart becomes
 * `submitted` (if it is still the cart that was submitted) and staff are told, once: a repeated
 * confirmation answers the same and tells nobody again.
 */
export const confirmPunchoutReturn = partnerHandler(async (event) => {
  const now = new Date();
  const { session, tokenHash, configuration, visitor } = await requiredPartnerCaller(event, now);
  const submissionId = event.pathParameters?.submissionId ?? '';
  const submission = SUBMISSION_ID_PATTERN.test(submissionId) ? await readSubmission(submissionId) : undefined;
  if (!submission || submission.sessionId !== session.sessionId)
    throw new HttpError(404, PARTNER_MESSAGES.submissionUnknown);
  if (submission.returnedAt) return { statusCode: 204 };
  const cartUpdate = submissionReference(
    submission.cartId,
    visitor,
    submission.submissionId,
    { updatedAt: submission.cartUpdatedAt },
    now,
  );
  const submitted = outboxEvent(PunchoutSubmitted, {
    submissionId: submission.submissionId,
    configId: configuration.id,
    accountNumber: configuration.accountNumber,
    propertyName: configuration.propertyName,
    buyerSystem: configuration.buyerSystem,
    operationAllowed: submission.operationAllowed,
    buyer: session.clientData,
    ...submittedLinesOfEvent(submission),
    totalCents: submission.totalCents,
    submittedAt: now.toISOString(),
  });
  if (!(await markReturned(submission, tokenHash, cartUpdate, submitted, now))) {
    if ((await readSubmission(submission.submissionId))?.returnedAt) return { statusCode: 204 };
    throw new HttpError(409, PARTNER_MESSAGES.cartChangedSinceSubmit);
  }
  return { statusCode: 204 };
});
