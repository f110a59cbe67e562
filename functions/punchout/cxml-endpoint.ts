/**
 * POST /api/punchout/cxml (public; the document's credentials): a buyer's PunchOutSetupRequest gets
 * a single-use start page, an OrderRequest goes to the orders context. Every answer is a cXML
 * Response whose Status code the HTTP status mirrors; a failure of ours is a 500 that says nothing
 * of why. Neither the document nor its shared secret is ever logged. Credential checks are under
 * the guess limit (guess-limit.ts): a locked-out sender is answered a cXML 429 with Retry-After.
 */
import { MAX_QUANTITY } from '#domain/pricing/configuration';
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import { tooManyFailedAttemptsMessage } from '#domain/rate-limits';
import {
  CxmlRejected,
  CXML_MAX_BYTES,
  cxmlResponse,
  isAttributeLine,
  parseCxml,
  type CxmlRequest,
  type CxmlStatusCode,
  type ItemOut,
  type PunchOutSetupRequest,
} from '#domain/punchout/cxml/index';
import { buyerUserOf, parseAuxiliaryId, START_PAGE_TTL_SECONDS, startPageUrl } from '#domain/punchout/session';
import { PunchoutSetupStarted } from '#events/punchout';
import { config } from '../lib/config';
import { publish } from '../lib/events';
import { httpHandler, type HttpEvent, type HttpResult } from '../lib/http';
import { logger } from '../lib/logger';
import { epochSeconds } from '../lib/table/expiry';
import { acceptOrderRequest } from '../orders/purchase-orders';
import { findConfigurationForCredentials, senderSecretMatches } from './configuration-store';
import { checkUnderGuessLimit } from './guess-limit';
import { putStart, randomId, readSubmission, type RestoredLine, type Submission } from './sessions-store';

const STATUS_TEXT: Record<CxmlStatusCode, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function cxmlAnswer(code: CxmlStatusCode, body: string, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode: code,
    headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body,
  };
}

function status(code: CxmlStatusCode, message?: string, startPage?: string): HttpResult {
  return cxmlAnswer(
    code,
    cxmlResponse({
      code,
      text: STATUS_TEXT[code],
      ...(message ? { message } : {}),
      ...(startPage ? { startPageUrl: startPage } : {}),
    }),
  );
}

const XML_CONTENT_TYPES = new Set(['text/xml', 'application/xml']);

/** The document's text, or the 400 saying why there is none to read. Size is checked on the bytes received, before any decoding. */
function documentOf(event: HttpEvent): { text: string } | { refusal: HttpResult } {
  const type = (event.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!XML_CONTENT_TYPES.has(type))
    return { refusal: status(400, 'The document must be sent as text/xml or application/xml.') };
  const bytes = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
  if (bytes.length > CXML_MAX_BYTES)
    return { refusal: status(400, `The document is larger than ${CXML_MAX_BYTES} bytes.`) };
  if (bytes.length === 0) return { refusal: status(400, 'The request has no cXML document.') };
  return { text: bytes.toString('utf8') };
}

/**
 * The configuration the document's sender is, if its credentials and shared secret say so and it is
 * active; otherwise the refusal: 401, or 429 (with Retry-After) while the guess limit locks it out.
 */
async function authenticatedSender(
  event: HttpEvent,
  request: CxmlRequest,
): Promise<{ configuration: PunchoutConfiguration } | { refusal: HttpResult }> {
  const configuration = await findConfigurationForCredentials(request.from);
  const sentSecret = request.sender.credentials.find(
    (credential) => credential.sharedSecret !== undefined,
  )?.sharedSecret;
  const now = new Date(event.requestContext.timeEpoch);
  const check = await checkUnderGuessLimit(
    event,
    configuration,
    () => configuration !== undefined && senderSecretMatches(configuration, sentSecret, now),
  );
  if (check.outcome === 'locked') {
    const body = cxmlResponse({
      code: 429,
      text: STATUS_TEXT[429],
      message: tooManyFailedAttemptsMessage(check.retryAfterSeconds),
    });
    return { refusal: cxmlAnswer(429, body, { 'retry-after': String(check.retryAfterSeconds) }) };
  }
  if (check.outcome === 'failed' || !configuration?.active)
    return { refusal: status(401, 'Unknown sender, wrong shared secret or inactive configuration.') };
  return { configuration };
}

/**
 * The lines an edit or inspect request brings back, found by their SupplierPartAuxiliaryIDs in the
 * configuration's own submissions (another configuration's are not found), at the quantity the
 * requisition now holds. Attribute lines and lines of ids the shop never issued are left out.
 */
async function restoredLines(items: readonly ItemOut[], configuration: PunchoutConfiguration): Promise<RestoredLine[]> {
  const submissions = new Map<string, Promise<Submission | undefined>>();
  const restored: RestoredLine[] = [];
  for (const item of items) {
    const reference =
      !isAttributeLine(item) && item.supplierPartAuxiliaryId ? parseAuxiliaryId(item.supplierPartAuxiliaryId) : null;
    if (!reference) continue;
    if (!submissions.has(reference.submissionId))
      submissions.set(reference.submissionId, readSubmission(reference.submissionId));
    const submission = await submissions.get(reference.submissionId);
    const line =
      submission?.configId === configuration.id
        ? submission.lines.find((candidate) => candidate.position === reference.position)
        : undefined;
    if (!line) continue;
    const quantity = Math.min(Math.max(Math.round(item.quantity) || line.quantity, 1), MAX_QUANTITY);
    restored.push({
      configuration: line.configuration,
      roomLabel: line.roomLabel,
      quantity,
      unitCents: line.unitCents,
    });
  }
  return restored;
}

/** An absolute http or https URL a browser can post a form to. */
function isReturnAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

async function startSession(request: PunchOutSetupRequest, configuration: PunchoutConfiguration): Promise<HttpResult> {
  if (!request.buyerCookie) return status(400, 'The PunchOutSetupRequest has no BuyerCookie.');
  // The browser posts the cart back there: the site's policy lets forms post to http and https (decision 0040).
  if (!isReturnAddress(request.returnUrl))
    return status(400, `The BrowserFormPost URL ${JSON.stringify(request.returnUrl)} must be an http or https URL.`);
  const now = new Date();
  const lines = request.operation === 'create' ? [] : await restoredLines(request.itemsOut, configuration);
  const startId = randomId();
  await putStart({
    startId,
    configId: configuration.id,
    buyerCookie: request.buyerCookie,
    returnUrl: request.returnUrl,
    operation: request.operation,
    buyer: buyerUserOf(request),
    restoredLines: lines,
    createdAt: now.toISOString(),
    expiresAt: epochSeconds(now) + START_PAGE_TTL_SECONDS,
  });
  await publish(PunchoutSetupStarted, {
    startId,
    configId: configuration.id,
    buyerSystem: configuration.buyerSystem,
    operation: request.operation,
    restoredLineCount: lines.length,
    startedAt: now.toISOString(),
  });
  const url = startPageUrl(config().SITE_URL, {
    startId,
    realPageForm: configuration.buyerSystem === 'RealPage',
    buyerCookie: request.buyerCookie,
    returnUrl: request.returnUrl,
  });
  return status(200, undefined, url);
}

export const receiveCxml = httpHandler(async (event) => {
  const document = documentOf(event);
  if ('refusal' in document) return document.refusal;
  let request: CxmlRequest;
  try {
    request = parseCxml(document.text);
  } catch (error) {
    if (error instanceof CxmlRejected) return status(400, error.message);
    // Only the kind of failure: a parser's message may quote the document, and with it a shared secret.
    logger.error('The cXML parser failed', { errorName: (error as Error)?.name });
    return status(500);
  }
  try {
    const sender = await authenticatedSender(event, request);
    if ('refusal' in sender) return sender.refusal;
    const { configuration } = sender;
    if (request.kind === 'PunchOutSetupRequest') return await startSession(request, configuration);
    const answer = await acceptOrderRequest(configuration, request);
    return cxmlAnswer(answer.code, answer.body);
  } catch (error) {
    logger.error('The cXML endpoint failed', { error: error as Error, payloadId: request.payloadId });
    return status(500);
  }
});
