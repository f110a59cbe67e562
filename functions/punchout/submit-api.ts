/**
 * POST /api/punchout/submit (partner token): the partner cart, priced with the configuration's rules,
 * becomes a submission (the store of its lines' SupplierPartAuxiliaryIDs) and a PunchOutOrderMessage
 * the browser posts to the buyer's return URL; the cart becomes `submitted`. A cart is submitted
 * once: submitting it again (a retry, a second press, at once or later) answers the same message,
 * built again from its submission with the same payload id and timestamp.
 */
import { newPayloadId, punchOutOrderMessage } from '../../domain/punchout/cxml';
import { applyPricingRules, type PunchoutConfiguration } from '../../domain/punchout/configuration';
import {
  auxiliaryIdOf,
  clerkDescriptionOf,
  operationAllowedAfter,
  punchOutOrderLineOf,
  shopPartiesFor,
  type SubmitAnswer,
} from '../../domain/punchout/session';
import { PARTNER_MESSAGES, PARTNER_SESSION_HEADER } from '../../domain/punchout/partner-messages';
import { priceConfiguration } from '../../domain/pricing/price';
import { PunchoutSubmitted } from '../../events/catalog';
import { readCart, resolveCart, submissionReference, type StoredLine } from '../cart/cart-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { publish } from '../lib/events';
import { HttpError, json } from '../lib/http';
import { partnerHandler, requiredPartnerCaller } from './sessions-api';
import { readPartnerSession, readSubmission, storeSubmission, submissionIdOf, type PartnerSession, type Submission, type SubmittedLine } from './sessions-store';

/** The message and the form field it goes back in: the same for the same submission, whenever it is asked for. */
function answerOf(submission: Submission, session: PartnerSession, configuration: PunchoutConfiguration): SubmitAnswer {
  const createdAt = new Date(submission.createdAt);
  const cxml = punchOutOrderMessage(
    {
      ...shopPartiesFor(configuration),
      buyerCookie: submission.buyerCookie,
      operationAllowed: submission.operationAllowed,
      totalCents: submission.totalCents,
      lines: submission.lines.map((line) => punchOutOrderLineOf(line, auxiliaryIdOf(submission.submissionId, line.position))),
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
  };
}

/** The partner cart's lines at the configuration's prices; a line the grids can no longer price is refused by name. */
async function pricedLines(lines: StoredLine[], configuration: PunchoutConfiguration): Promise<SubmittedLine[]> {
  const { grids } = await loadCurrentGrids();
  return lines.map((line, index) => {
    const blind = { ...line.configuration, quantity: line.quantity };
    const quote = priceConfiguration(blind, grids);
    if (!quote.ok) throw new HttpError(400, `${clerkDescriptionOf(blind, line.roomLabel ?? null)}: ${quote.error.message}`);
    return {
      position: index + 1,
      configuration: blind,
      roomLabel: line.roomLabel ?? null,
      quantity: line.quantity,
      unitCents: applyPricingRules(quote.unitCents, blind.family, configuration.pricingRules),
    };
  });
}

export const handler = partnerHandler(async (event) => {
  const now = new Date();
  const { session, tokenHash, configuration, visitor } = await requiredPartnerCaller(event, now);
  const cartId = await resolveCart(visitor, now, { create: false });
  const cart = cartId ? await readCart(cartId, visitor) : null;
  if (!cartId || !cart || cart.lines.length === 0) {
    // The cart just returned, asked for again (a retry, a second press): the same cart. The session
    // is read again: the cart was found submitted after the session was read, by a press whose
    // transaction set both, so only a read made now is sure to name it.
    const lastSubmissionId = cartId ? undefined : (await readPartnerSession(event.headers[PARTNER_SESSION_HEADER]!, now))?.lastSubmissionId;
    const last = lastSubmissionId ? await readSubmission(lastSubmissionId) : undefined;
    if (last) return json(200, answerOf(last, session, configuration));
    throw new HttpError(400, PARTNER_MESSAGES.cartEmpty);
  }
  const lines = await pricedLines(cart.lines, configuration);
  const submission: Submission = {
    submissionId: submissionIdOf(cartId),
    cartId,
    configId: configuration.id,
    sessionId: session.sessionId,
    buyerCookie: session.buyerCookie,
    operationAllowed: operationAllowedAfter(session.operation),
    totalCents: lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0),
    lines,
    createdAt: now.toISOString(),
  };
  const stored = await storeSubmission(submission, tokenHash, submissionReference(cartId, visitor, submission.submissionId, cart, now));
  if (!stored) {
    // A concurrent submit of the same cart won: answer its submission; otherwise the cart changed under this one.
    const winner = await readSubmission(submission.submissionId);
    if (winner) return json(200, answerOf(winner, session, configuration));
    throw new HttpError(409, 'Your cart changed in another window. Please reload the page and try again.');
  }
  await publish(PunchoutSubmitted, {
    submissionId: submission.submissionId,
    configId: configuration.id,
    accountNumber: configuration.accountNumber,
    propertyName: configuration.propertyName,
    buyerSystem: configuration.buyerSystem,
    operationAllowed: submission.operationAllowed,
    buyer: session.clientData,
    lines: lines.map((line) => ({ position: line.position, quantity: line.quantity, unitCents: line.unitCents, description: clerkDescriptionOf(line.configuration, line.roomLabel) })),
    totalCents: submission.totalCents,
    submittedAt: submission.createdAt,
  });
  return json(200, answerOf(submission, session, configuration));
});
