/** The Returns page's request form and the admin Returns tab (routes in functions/routes.ts). */
import type {
  ReturnAction,
  ReturnDetail,
  ReturnRequestInput,
  ReturnStatus,
  ReturnSubmitted,
  ReturnsPage,
  ReturnUpload,
} from '#domain/returns/return-request';
import { apiRequest } from './client';

export type { ReturnDetail, ReturnSubmitted, ReturnSummary } from '#domain/returns/return-request';

export function requestPhotoUpload(file: { type: string; size: number }): Promise<ReturnUpload> {
  return apiRequest<ReturnUpload>('/returns/uploads', {
    method: 'POST',
    body: { contentType: file.type, size: file.size },
  });
}

/**
 * Sends the file with its presigned form straight to the bucket, reporting progress from 0 to 1.
 * XMLHttpRequest, as fetch cannot report an upload's progress.
 */
export function sendPhoto(upload: ReturnUpload, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      request.status < 300 ? resolve() : reject(new Error(`The upload answered ${request.status}`));
    request.onerror = () => reject(new Error('The upload failed'));
    request.open('POST', upload.url);
    request.send(form);
  });
}

export function submitReturnRequest(body: ReturnRequestInput): Promise<ReturnSubmitted> {
  return apiRequest<ReturnSubmitted>('/returns', { method: 'POST', body });
}

export function fetchReturns(
  status: ReturnStatus | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReturnsPage> {
  return apiRequest<ReturnsPage>(`/admin/returns${status ? `?status=${status}` : ''}`, { auth: true, signal });
}

export function fetchReturn(returnId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ReturnDetail> {
  return apiRequest<ReturnDetail>(`/admin/returns/${returnId}`, { auth: true, signal });
}

export function moveReturn(returnId: string, action: ReturnAction, note: string): Promise<ReturnDetail> {
  return apiRequest<ReturnDetail>(`/admin/returns/${returnId}/transitions`, {
    method: 'POST',
    body: { action, note },
    auth: true,
  });
}
