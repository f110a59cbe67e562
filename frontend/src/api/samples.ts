/**
 * The sample cart and sample requests as the pages use them. Samples belong to the browser's
 * shopping session (not to a login), so every call carries the session id and no token.
 */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { FamilyId } from '#domain/catalogue/families';
import type { SendSampleRequestsInput } from '#domain/samples/lifecycle';
import type { Sample, SampleRequest, SampleRequestInput, SampleRequestStatus } from '#domain/samples/sample';
import { shoppingSessionId } from '../lib/shopping-session';
import { ApiError, apiRequest, type RequestOptions } from './client';

export type { Sample, SampleRequest } from '#domain/samples/sample';

export const SAMPLES_UPDATED_EVENT = 'samplesUpdated';

function samplesRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, headers: { ...options.headers, [SESSION_ID_HEADER]: shoppingSessionId() } });
}

function announceSamplesChange(): void {
  window.dispatchEvent(new Event(SAMPLES_UPDATED_EVENT));
}

/** The session's samples, oldest first; an empty cart when they cannot be loaded. */
export async function loadSamples(options: { signal?: AbortSignal } = {}): Promise<Sample[]> {
  try {
    const body = await samplesRequest<{ samples?: Sample[] }>('/samples', options);
    return Array.isArray(body?.samples) ? body.samples : [];
  } catch {
    return [];
  }
}

/** The number of samples in the sample cart; 0 whenever it cannot be read. */
export async function fetchSampleCount(options: { signal?: AbortSignal } = {}): Promise<number> {
  try {
    const body = await samplesRequest<{ count?: unknown }>('/samples/count', options);
    return typeof body?.count === 'number' && Number.isInteger(body.count) && body.count >= 0 ? body.count : 0;
  } catch {
    return 0;
  }
}

export type AddSampleResult =
  { kind: 'added'; sample: Sample } | { kind: 'refused'; message: string } | { kind: 'failed' };

/** 'refused' carries the server's reason: 'Sample already in cart', or the limit of samples per request. */
export async function addSample(family: FamilyId, colorCode: string): Promise<AddSampleResult> {
  try {
    const { sample } = await samplesRequest<{ sample: Sample }>('/samples', {
      method: 'POST',
      body: { family, colorCode },
    });
    announceSamplesChange();
    return { kind: 'added', sample };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'refused', message: error.message };
    return { kind: 'failed' };
  }
}

/** Resolves with the samples left; rejects with an ApiError (404 'Sample not found in cart'). */
export async function removeSample(sampleId: string): Promise<Sample[]> {
  const { samples } = await samplesRequest<{ samples: Sample[] }>(`/samples/${encodeURIComponent(sampleId)}`, {
    method: 'DELETE',
  });
  announceSamplesChange();
  return samples;
}

export async function clearSamples(): Promise<void> {
  await samplesRequest('/samples', { method: 'DELETE' });
  announceSamplesChange();
}

export type SampleRequestResult =
  | { kind: 'payment'; reference: string; checkoutUrl: string }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'refused'; message: string }
  | { kind: 'failed' };

/** Requests every sample of the cart: answers the page where its sample shipping is paid (the cart empties once it is). */
export async function submitSampleRequest(details: SampleRequestInput): Promise<SampleRequestResult> {
  try {
    const { reference, checkoutUrl } = await samplesRequest<{ reference: string; checkoutUrl: string }>(
      '/sample-requests',
      { method: 'POST', body: details },
    );
    return { kind: 'payment', reference, checkoutUrl };
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'http') return { kind: 'failed' };
    if (error.status === 400 && Object.keys(error.fieldErrors).length > 0)
      return { kind: 'invalid', fieldErrors: error.fieldErrors };
    // 429: the server's message says when the shopper may try again.
    if (error.status === 400 || error.status === 409 || error.status === 429)
      return { kind: 'refused', message: error.message };
    return { kind: 'failed' };
  }
}

export interface MySampleRequest {
  reference: string;
  status: SampleRequestStatus;
  sampleCount: number;
  email: string;
}

/** Where this session's request stands (after its payment page); rejects with an ApiError (404 for another session's). */
export async function fetchMySampleRequest(reference: string, options: { signal?: AbortSignal } = {}) {
  const request = await samplesRequest<MySampleRequest>(`/sample-requests/${encodeURIComponent(reference)}`, options);
  if (request.status !== 'awaitingPayment') announceSamplesChange();
  return request;
}

export type SampleMoveResult =
  { reference: string; ok: true; status: SampleRequestStatus } | { reference: string; ok: false; reason: string };

/** Staff only: sends each request with its carrier and tracking number; each answers moved or why not. */
export async function sendSampleRequests(shipments: SendSampleRequestsInput['shipments']): Promise<SampleMoveResult[]> {
  const { results } = await apiRequest<{ results: SampleMoveResult[] }>('/admin/sample-requests/send', {
    method: 'POST',
    auth: true,
    body: { shipments },
  });
  return results;
}

/** Staff only: marks each request delivered. */
export async function deliverSampleRequests(references: string[]): Promise<SampleMoveResult[]> {
  const { results } = await apiRequest<{ results: SampleMoveResult[] }>('/admin/sample-requests/deliver', {
    method: 'POST',
    auth: true,
    body: { references },
  });
  return results;
}

/** Staff only: the newest sample requests first; rejects with an ApiError (401/403 for anyone else). */
export async function fetchSampleRequests(): Promise<SampleRequest[]> {
  const { sampleRequests } = await apiRequest<{ sampleRequests: SampleRequest[] }>('/admin/sample-requests', {
    auth: true,
  });
  return sampleRequests;
}
