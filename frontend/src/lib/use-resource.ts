import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { useSignInWhenUnauthorized } from './sign-in-redirect';

/** What the page has of something it reads: nothing yet, the failure, or the data. */
export type Resource<T> = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'loaded'; data: T };

/**
 * What a 401 means to the page: `'sign-in'` sends the visitor to sign in and back (pages that need a
 * session; a partner buyer stays and sees the failure), `'failed'` shows it like any other failure
 * (the staff tabs, whose gate asked first), a function does the page's own (checkout's toast first).
 */
export type UnauthorizedAnswer = 'sign-in' | 'failed' | (() => void);

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The SPA's one way to read data: `load` runs on mount and again whenever it changes (pass a
 * module-level function or a `useCallback` over what it reads), and with `reload`; it takes the
 * `{ signal }` the API functions take. The request in
 * flight is aborted when the page leaves or asks again, so a late answer never lands on a page that
 * moved on. Retry is the page's own button calling `reload`: a failure is shown at once, not after
 * silent attempts. `refresh` reads again keeping what is shown until an answer replaces it (after a
 * save or a test), and past a failure;
 * `update` changes the loaded data in place (a record the page just changed).
 */
export function useResource<T>(
  load: (request: { signal: AbortSignal }) => Promise<T>,
  { unauthorized = 'failed' }: { unauthorized?: UnauthorizedAnswer } = {},
) {
  const [state, setState] = useState<Resource<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState({ count: 0, quietly: false });
  const signInWhenUnauthorized = useSignInWhenUnauthorized();
  /** Answers whether a 401 was dealt with; read through a ref so a new location or callback does not read again. */
  const answerUnauthorized = useRef<(error: unknown) => boolean>(() => false);
  answerUnauthorized.current = (error) => {
    if (unauthorized === 'failed' || !isUnauthorized(error)) return false;
    if (unauthorized === 'sign-in') return signInWhenUnauthorized(error);
    unauthorized();
    return true;
  };

  useEffect(() => {
    const controller = new AbortController();
    if (!attempt.quietly) setState((current) => (current.kind === 'loading' ? current : { kind: 'loading' }));
    load({ signal: controller.signal }).then(
      (data) => !controller.signal.aborted && setState({ kind: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted || answerUnauthorized.current(error)) return;
        setState((current) => (attempt.quietly && current.kind === 'loaded' ? current : { kind: 'failed', error }));
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, quietly: false })), []);
  const refresh = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, quietly: true })), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) => (current.kind === 'loaded' ? { kind: 'loaded', data: change(current.data) } : current)),
    [],
  );
  const setData = useCallback((data: T) => setState({ kind: 'loaded', data }), []);
  return { state, reload, refresh, update, setData };
}
