import type { ContactMessage } from '../../../../domain/contact';
import { ApiError, apiRequest } from '../../api/client';

/** The calls the information pages make, and what each outcome means to the page. */

export type ContactSubmitResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'failed' };

export async function submitContactMessage(message: ContactMessage): Promise<ContactSubmitResult> {
  try {
    await apiRequest('contact-messages', { method: 'POST', body: message });
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
      return { kind: 'invalid', fieldErrors: error.fieldErrors };
    }
    return { kind: 'failed' };
  }
}

export interface TrackedOrder {
  orderNumber: string;
  status: string;
}

export type TrackOrderResult = { kind: 'found'; order: TrackedOrder } | { kind: 'notFound' } | { kind: 'failed' };

export async function trackOrder(orderNumber: string, email: string): Promise<TrackOrderResult> {
  try {
    const body = await apiRequest<Partial<TrackedOrder> | undefined>(`orders/track?${new URLSearchParams({ orderNumber, email })}`);
    if (typeof body?.orderNumber !== 'string' || typeof body.status !== 'string') return { kind: 'failed' };
    return { kind: 'found', order: { orderNumber: body.orderNumber, status: body.status } };
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? { kind: 'notFound' } : { kind: 'failed' };
  }
}
