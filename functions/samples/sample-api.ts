/**
 * The sample cart and sample request routes (public). A sample cart belongs to a browser session,
 * not to a login: it is reached only through the session id of the header, so one session never
 * sees another's samples.
 */
import { isValidSessionId, SESSION_ID_HEADER } from '#domain/cart/session';
import { addSampleSchema, sampleProduct, sampleRequestSchema } from '#domain/samples/sample';
import { SAMPLE_MESSAGES } from '#domain/samples/messages';
import { SampleRequestSubmitted } from '#events/catalog';
import { requireAdmin } from '../lib/caller';
import { publish } from '../lib/events';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import {
  addSample,
  clearSamples,
  createSampleRequest,
  listSampleRequests,
  listSamples,
  removeSample,
} from './sample-store';

function sessionOf(event: HttpEvent): string {
  const sessionId = event.headers[SESSION_ID_HEADER];
  if (!isValidSessionId(sessionId)) throw new HttpError(400, SAMPLE_MESSAGES.sessionRefused);
  return sessionId;
}

/** GET /api/samples: the session's samples, oldest first. */
export const getSamples = httpHandler(async (event) => {
  return json(200, { samples: await listSamples(sessionOf(event), new Date()) });
});

/** GET /api/samples/count */
export const getSampleCount = httpHandler(async (event) => {
  return json(200, { count: (await listSamples(sessionOf(event), new Date())).length });
});

/** POST /api/samples: the sample is described by the catalogue, never by the body. */
export const addSampleToCart = httpHandler(async (event) => {
  const sessionId = sessionOf(event);
  const { family, colorCode } = parseBody(event, addSampleSchema);
  const product = sampleProduct(family, colorCode);
  if (!product) throw new HttpError(400, SAMPLE_MESSAGES.unknownColor, { colorCode: SAMPLE_MESSAGES.unknownColor });
  const now = new Date();
  const sample = await addSample(sessionId, product, now);
  return json(201, { sample, samples: await listSamples(sessionId, now) });
});

/** DELETE /api/samples/{sampleId} */
export const removeSampleFromCart = httpHandler(async (event) => {
  const sessionId = sessionOf(event);
  const sampleId = event.pathParameters?.sampleId;
  if (!sampleId) throw new HttpError(404, SAMPLE_MESSAGES.notFound);
  const now = new Date();
  await removeSample(sessionId, sampleId, now);
  return json(200, { samples: await listSamples(sessionId, now) });
});

/** DELETE /api/samples */
export const clearSampleCart = httpHandler(async (event) => {
  const sessionId = sessionOf(event);
  const now = new Date();
  await clearSamples(sessionId, now);
  return json(200, { samples: [] });
});

/** POST /api/sample-requests: records the session's samples with the shopper's address, empties the sample cart, tells the bus. */
export const submitSampleRequest = httpHandler(async (event) => {
  const sessionId = sessionOf(event);
  const details = parseBody(event, sampleRequestSchema);
  await limitAttempt(event, 'sampleRequest', details.email);
  const request = await createSampleRequest(sessionId, details, new Date());
  await publish(SampleRequestSubmitted, {
    requestId: request.id,
    reference: request.reference,
    submittedAt: request.createdAt,
    shopper: details,
    samples: request.samples.map(({ productName, color, material }) => ({ productName, color, material })),
  });
  return json(201, { id: request.id, reference: request.reference, sampleCount: request.samples.length });
});

/** GET /api/admin/sample-requests: newest first, for staff. */
export const listSampleRequestsForStaff = httpHandler(async (event) => {
  requireAdmin(event);
  return json(200, { sampleRequests: await listSampleRequests() });
});
