import { toaster } from '../../components/layout/toast-queue';
import { ApiError } from '../../api/client';

/**
 * What every settings tab does on save: a toast either way (none for a 401, which sends the visitor
 * to sign in). A failure is thrown on, for the form to show the API's field errors by their fields.
 */
export async function saveWithFeedback<T>(
  request: () => Promise<T>,
  messages: { success: string; failure: string },
  onUnauthorized: (error: unknown) => boolean,
): Promise<T> {
  try {
    const value = await request();
    toaster.create({ type: 'success', title: messages.success });
    return value;
  } catch (error) {
    if (!onUnauthorized(error)) {
      toaster.create({
        type: 'error',
        title: messages.failure,
        ...(error instanceof ApiError ? { description: error.message } : {}),
      });
    }
    throw error;
  }
}
