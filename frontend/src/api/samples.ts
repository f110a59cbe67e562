/**
 * The sample cart and sample requests as the pages use them. Samples belong to the browser's
 * shopping session (not to a login), so every call carries the session id and no token.
 */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { FamilyId } from '#domain/catalogue/families';
import type { Sample, SampleRequest, SampleRequestInput } from '#domain/samples/sample';
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
  | { kind: 'sent'; reference: string }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'refused'; message: string }
  | { kind: 'failed' };

/** Requests every sample of the cart, which the server then empties. */
export async function submitSampleRequest(details: SampleRequestInput): Promise<SampleRequestResult> {
  try {
    const { reference } = await samplesRequest<{ reference: string }>('/sample-requests', {
      method: 'POST',
      body: details,
    });
    announceSamplesChange();
    return { kind: 'sent', reference };
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

/** Staff only: the newest sample requests first; rejects with an ApiError (401/403 for anyone else). */
export async function fetchSampleRequests(): Promise<SampleRequest[]> {
  const { sampleRequests } = await apiRequest<{ sampleRequests: SampleRequest[] }>('/admin/sample-requests', {
    auth: true,
  });
  return sampleRequests;
}
