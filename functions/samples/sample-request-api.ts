/**
 * Requesting samples on their own, in a module of its own: it opens a Stripe payment page, which
 * the sample cart's routes (asked on every page) need not carry (issue 31).
 */
import { sampleRequestSchema } from '#domain/samples/sample';
import { httpHandler, json, parseBody } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { sessionOf } from './sample-api';
import { openSamplePayment } from './sample-payment';
import { createSampleRequest } from './sample-store';

/**
 * POST /api/sample-requests: records the session's samples with the shopper's address, awaiting the
 * $15 sample shipping, and answers the hosted payment page. The samples stay in the sample cart until
 * the payment comes (the webhook accepts the request then, and mails).
 */
export const submitSampleRequest = httpHandler(async (event) => {
  const sessionId = sessionOf(event);
  const details = parseBody(event, sampleRequestSchema);
  await limitAttempt(event, 'sampleRequest', details.email);
  const now = new Date();
  const request = await createSampleRequest(sessionId, details, now);
  const checkoutUrl = await openSamplePayment(request, now);
  return json(201, { id: request.id, reference: request.reference, sampleCount: request.samples.length, checkoutUrl });
});
