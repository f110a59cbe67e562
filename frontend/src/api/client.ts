import { PARTNER_SESSION_HEADER } from '#domain/punchout/partner-messages';
import { accessToken } from '../auth/access-token';
import { localReader } from '../lib/browser-storage';
import { storedPunchoutSession } from '../lib/partner-mode';
import { loadRuntimeConfig } from './runtime-config';

/** The API answers errors as `{ message, fieldErrors }`; field errors are keyed by field name. */
export type FieldErrors = Record<string, string>;

export type ApiErrorKind = 'http' | 'timeout' | 'network';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status, 0 when no answer came back. */
    readonly status: number,
    readonly fieldErrors: FieldErrors = {},
    /** The parsed error body, for answers that carry more than a message (a refused grid's problems). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Send the signed-in user's access token (`Authorization: Bearer …`); a guest sends none and the API answers 401. */
  auth?: boolean;
  /** How to read a successful answer: parsed JSON (default), the raw text (a CSV download) or the bytes (a PDF). */
  responseAs?: 'json' | 'text' | 'blob';
  /** Let the request outlive the page (sent as the page is left). */
  keepalive?: boolean;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function errorBody(value: unknown): { message?: string; fieldErrors: FieldErrors } {
  if (typeof value !== 'object' || value === null) return { fieldErrors: {} };
  const { message, fieldErrors } = value as { message?: unknown; fieldErrors?: unknown };
  return {
    message: typeof message === 'string' ? message : undefined,
    fieldErrors: typeof fieldErrors === 'object' && fieldErrors !== null ? (fieldErrors as FieldErrors) : {},
  };
}

/**
 * Calls the HTTP API. `path` is relative to the API base (`/cart/count` → `{apiBaseUrl}/cart/count`).
 * Resolves with the parsed JSON body (undefined for 204), the text with `responseAs: 'text'`, or a
 * Blob with `responseAs: 'blob'`; rejects with an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const [{ apiBaseUrl }, token] = await Promise.all([loadRuntimeConfig(), options.auth ? accessToken() : undefined]);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  // In partner mode every call says which punch-out session it belongs to; the server prices and scopes by it.
  const partner = storedPunchoutSession(localReader, Date.now());
  try {
    let response: Response;
    try {
      response = await fetch(joinUrl(apiBaseUrl, path), {
        method: options.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(partner ? { [PARTNER_SESSION_HEADER]: partner.partnerToken } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        credentials: 'include',
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError('Could not reach the server. Please check your connection and try again.', 'network', 0);
    }
    if (response.ok && options.responseAs === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const { message, fieldErrors } = errorBody(parsed);
      throw new ApiError(
        message ?? 'An unexpected error occurred. Please try again later.',
        'http',
        response.status,
        fieldErrors,
        parsed,
      );
    }
    return (options.responseAs === 'text' ? text : parsed) as T;
  } catch (error) {
    if (timeout.signal.aborted && !options.signal?.aborted) {
      throw new ApiError('Request timed out. Please try again.', 'timeout', 0);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
