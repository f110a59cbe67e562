import type { ContactMessage } from '#domain/contact';
import { ApiError, apiRequest } from '../../api/client';

/** The calls the information pages make, and what each outcome means to the page. */

export type ContactSubmitResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  /** Too many messages (429): the server's message says when to try again. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed' };

export async function submitContactMessage(message: ContactMessage): Promise<ContactSubmitResult> {
  try {
    await apiRequest('contact-messages', { method: 'POST', body: message });
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
      return { kind: 'invalid', fieldErrors: error.fieldErrors };
    }
    if (error instanceof ApiError && error.status === 429) return { kind: 'refused', message: error.message };
    return { kind: 'failed' };
  }
}
