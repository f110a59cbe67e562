/**
 * The sample cart and the sample request's status (public), and staff's list and moves of the requests. A sample cart belongs to a browser session,
 * not to a login: it is reached only through the session id of the header, so one session never
 * sees another's samples.
 */
import { isValidSessionId, SESSION_ID_HEADER } from '#domain/cart/session';
import type { Carrier } from '#domain/orders/carriers';
import {
  deliverSampleRequestsSchema,
  SAMPLE_REQUEST_LIFECYCLE,
  sampleStaffRefusal,
  sendSampleRequestsSchema,
  type SampleMoveResult,
  type SampleStaffAction,
} from '#domain/samples/lifecycle';
import { addSampleSchema, SAMPLE_REFERENCE_PATTERN, sampleProduct } from '#domain/samples/sample';
import { SAMPLE_MESSAGES, SAMPLE_REQUEST_MESSAGES } from '#domain/samples/messages';
import { SampleRequestStatusChanged } from '#events/samples';
import { staffCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import {
  addSample,
  changeSampleRequest,
  clearSamples,
  listSampleRequests,
  listSamples,
  readSampleRequest,
  removeSample,
  type StoredSampleRequest,
} from './sample-store';

/** The browser session of the request's header, or 400. */
export function sessionOf(event: HttpEvent): string {
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

/**
 * GET /api/sample-requests/{reference}: where the shopper's request stands, for the cart page the
 * payment page returns to. Only the session that made it sees it; nothing of the address is answered.
 */
export const getMySampleRequest = httpHandler(async (event) => {
  const sessionId = sessionOf(event);
  const reference = event.pathParameters?.reference ?? '';
  const request = SAMPLE_REFERENCE_PATTERN.test(reference) ? await readSampleRequest(reference) : undefined;
  if (!request || request.sessionId !== sessionId) throw new HttpError(404, SAMPLE_REQUEST_MESSAGES.requestNotFound);
  return json(200, {
    reference: request.reference,
    status: request.status,
    sampleCount: request.samples.length,
    email: request.email,
  });
});

/** GET /api/admin/sample-requests: newest first, for staff. */
export const listSampleRequestsForStaff = httpHandler(async () => {
  return json(200, { sampleRequests: await listSampleRequests() });
});

/** Moves one request for staff, or says why not; the others of the batch go on regardless. */
async function moveForStaff(
  reference: string,
  action: SampleStaffAction,
  staffId: string,
  shipment: { carrier: Carrier; trackingNumber: string } | undefined,
  at: string,
): Promise<SampleMoveResult> {
  const request = await readSampleRequest(reference);
  if (!request) return { reference, ok: false, reason: SAMPLE_REQUEST_MESSAGES.requestNotFound };
  const refusal = sampleStaffRefusal(request.status, action);
  if (refusal) return { reference, ok: false, reason: refusal };
  const move =
    action === 'send'
      ? SAMPLE_REQUEST_LIFECYCLE.move(request.status, 'send', { at, by: staffId, input: shipment! })
      : SAMPLE_REQUEST_LIFECYCLE.move(request.status, 'deliver', { at, by: staffId });
  const next: StoredSampleRequest = {
    ...request,
    ...move.effect!.set,
    status: move.to,
    history: [...(request.history ?? []), move.entry],
    updatedAt: at,
  };
  const changed = outboxEvent(SampleRequestStatusChanged, {
    requestId: request.id,
    reference,
    shopper: { name: request.name, email: request.email },
    samples: request.samples.map(({ productName, color, material }) => ({ productName, color, material })),
    from: move.from,
    to: move.to,
    shipment: next.shipment
      ? {
          carrier: next.shipment.carrier,
          trackingNumber: next.shipment.trackingNumber,
          trackingUrl: next.shipment.trackingUrl,
        }
      : null,
    changedAt: at,
  });
  if (!(await changeSampleRequest(request, next, [changed], { staffId, action, at })))
    return { reference, ok: false, reason: SAMPLE_REQUEST_MESSAGES.changedMeanwhile };
  return { reference, ok: true, status: move.to };
}

/** POST /api/admin/sample-requests/send: each chosen request sent with its carrier and tracking number; the shopper is mailed. */
export const sendSampleRequests = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const { shipments } = parseBody(event, sendSampleRequestsSchema);
  const at = new Date().toISOString();
  const results = await Promise.all(
    shipments.map(({ reference, carrier, trackingNumber }) =>
      moveForStaff(reference, 'send', staff.userId, { carrier, trackingNumber }, at),
    ),
  );
  return json(200, { results });
});

/** POST /api/admin/sample-requests/deliver: each chosen request marked delivered; the shopper is mailed. */
export const deliverSampleRequests = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const { references } = parseBody(event, deliverSampleRequestsSchema);
  const at = new Date().toISOString();
  const results = await Promise.all(
    references.map((reference) => moveForStaff(reference, 'deliver', staff.userId, undefined, at)),
  );
  return json(200, { results });
});
