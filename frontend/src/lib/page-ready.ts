/**
 * On <html> once the first page has been hydrated (or rendered) with its layout and its deferred
 * sections (deferred-section.tsx), and what it reads from the browser (the query, stored state) is
 * on the page: from then on its controls answer and keep what is typed. Scripts and tests that must
 * not act on prerendered markup React has not taken over yet wait for it.
 */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready';

let ready = false;
let routeCommitted = false;
/** Deferred sections of the first page still showing their prerendered HTML only. */
const sectionsNotHydrated = new Set<object>();

let resolveRouteCommitted: () => void = () => undefined;
const routeCommitment = new Promise<void>((resolve) => {
  resolveRouteCommitted = resolve;
});
let resolveReady: () => void = () => undefined;
const readiness = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

function settle(): void {
  if (ready || !routeCommitted || sectionsNotHydrated.size > 0) return;
  ready = true;
  resolveReady();
}

/**
 * Called when the render that follows readiness has committed (SiteLayout). Every `usePageReady`
 * switches in a transition started in the same microtask, which React commits as one render, so a
 * page re-rendered for its query (a product link's size) has it by then: typing done earlier was lost.
 */
export function markBrowserStateApplied(): void {
  document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, '');
}

/** Called once the first page's route has committed (routes.tsx). */
export function markPageReady(): void {
  routeCommitted = true;
  resolveRouteCommitted();
  settle();
}

/** Resolves once the first page's route has committed, its deferred sections possibly not yet. */
export function whenRouteCommitted(): Promise<void> {
  return routeCommitment;
}

/** A deferred section of the first page waits for its code; the page is not ready until it has it. */
export function sectionWaiting(section: object): void {
  if (!ready) sectionsNotHydrated.add(section);
}

/** The section has hydrated, or will not (its code could not be downloaded). */
export function sectionSettled(section: object): void {
  sectionsNotHydrated.delete(section);
  settle();
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
