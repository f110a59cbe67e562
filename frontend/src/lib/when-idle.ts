/**
 * Runs `callback` when the browser is next idle, at the latest after `timeoutMs`; where there is no
 * requestIdleCallback (Safari), in a task of its own. Returns the cancel.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 0);
  return () => window.clearTimeout(timer);
}
