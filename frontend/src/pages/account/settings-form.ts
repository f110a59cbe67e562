/** What every settings tab does on save: the API's field errors shown by the fields, a toast either way. */
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';

export async function saveWithFeedback<T>(
  request: () => Promise<T>,
  messages: { success: string; failure: string },
  onUnauthorized: (error: unknown) => boolean,
): Promise<{ ok: true; value: T } | { ok: false; fieldErrors: Record<string, string> }> {
  try {
    const value = await request();
    toaster.create({ type: 'success', title: messages.success });
    return { ok: true, value };
  } catch (error) {
    if (onUnauthorized(error)) return { ok: false, fieldErrors: {} };
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
    toaster.create({
      type: 'error',
      title: messages.failure,
      ...(error instanceof ApiError ? { description: error.message } : {}),
    });
    return { ok: false, fieldErrors };
  }
}
