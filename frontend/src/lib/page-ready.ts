/**
 * On <html> once the first page has been hydrated (or rendered) with its layout: from then on its
 * controls answer. Set by routes.tsx; scripts and tests that must not act on prerendered markup
 * React has not taken over yet wait for it.
 */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready';

let ready = false;
let resolveReady: () => void = () => undefined;
const readiness = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Called once the first page has committed (routes.tsx). */
export function markPageReady(): void {
  ready = true;
  document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, '');
  resolveReady();
}

export function isPageReady(): boolean {
  return ready;
}

/**
 * Resolves once the first page has been hydrated. State that changes what the page shows (partner
 * mode, a stored punch-out session) waits for it: applied while the page's chunk was still hydrating,
 * it made React find the prerendered HTML different and render the page again (React #418).
 */
export function whenPageReady(): Promise<void> {
  return readiness;
}
