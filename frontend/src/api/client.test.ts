import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './client';

const CONFIG = {
  region: 'us-east-1',
  apiBaseUrl: '/api',
  webSocketUrl: 'wss://ws.example',
  userPoolId: 'pool',
  userPoolClientId: 'client',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers /config.json with CONFIG and every API call with `answer`. */
function serve(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn((url: string, init: RequestInit) =>
    url === '/config.json' ? Promise.resolve(json(200, CONFIG)) : answer(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('calls the API under the configured base URL and returns the JSON body', async () => {
    const fetchMock = serve(async () => json(200, { count: 3 }));
    await expect(apiRequest('/cart/count')).resolves.toEqual({ count: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/cart/count', expect.objectContaining({ method: 'GET' }));
  });

  it('sends a body as JSON', async () => {
    const fetchMock = serve(async () => new Response(null, { status: 204 }));
    await expect(apiRequest('/contact-messages', { method: 'POST', body: { name: 'Ann' } })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls.at(-1)![1];
    expect(init.body).toBe('{"name":"Ann"}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it("carries the server's message and field errors", async () => {
    serve(async () =>
      json(400, { message: 'Please check the form.', fieldErrors: { email: 'Please enter a valid email address.' } }),
    );
    const error = await apiRequest('/accounts', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Please check the form.',
      fieldErrors: { email: 'Please enter a valid email address.' },
    });
  });

  it('gives up after the time-out with a timed-out error', async () => {
    serve(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const error = await apiRequest('/cart/count', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Request timed out. Please try again.' });
  });

  it('reports an unreachable server as a network error', async () => {
    serve(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(apiRequest('/cart/count')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});
