import { Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';
import { PageLoading } from '../components/layout/PageLoading';
import { isPageReady, sectionSettled, sectionWaiting, whenRouteCommitted } from './page-ready';
import { whenIdle } from './when-idle';

/** Longest wait for an idle moment before a deferred section loads anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** The end of the last deferred section's turn. */
let lastTurn: Promise<unknown> = Promise.resolve();

const nextIdle = () => new Promise<void>((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS));

/**
 * The code of every deferred section is asked for at once, at the first idle moment after the page
 * has hydrated, but each section is handed to React in turn, at an idle moment after the one before:
 * handed over together, they were hydrated in one long task on a throttled phone.
 */
function inTurn(load: () => Promise<void>, failure: Promise<void>): Promise<void> {
  const arrived = whenRouteCommitted().then(nextIdle).then(load);
  const turn = Promise.all([arrived, lastTurn.then(nextIdle)]).then(() => undefined);
  // A section whose code cannot be downloaded never hydrates; the next one does not wait for it.
  lastTurn = Promise.race([turn, failure]);
  return turn;
}

/**
 * A section of a page whose code is not in the page's first load (issue 15, decision 0030): the
 * prerender renders it whole, so it is in the HTML from the first paint, and the browser hydrates it
 * once the rest of the page has hydrated and the browser is idle. Until then React leaves the
 * prerendered markup in place (a Suspense boundary waiting on the code), and the page is not marked
 * ready (lib/page-ready.ts). Rendered on a later navigation, the section loads at once.
 * For what sits below the fold or waits for input: a form's checks, an FAQ, reviews. `fallback` is
 * shown only on such a later navigation, while the code downloads.
 */
export function deferredSection<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const section = {};

  let failed: () => void = () => undefined;
  const failure = new Promise<void>((resolve) => {
    failed = resolve;
  });
  const loadNow = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      // Offline, or the chunk gone after a deploy: the prerendered markup stays as it is (readable,
      // links work), and the rest of the page is not held back.
      () => {
        sectionSettled(section);
        failed();
        return new Promise<void>(() => undefined);
      },
    ));
  let afterIdle: Promise<void> | undefined;
  const loadWhenIdle = () => (afterIdle ??= inTurn(loadNow, failure));

  function Content(props: Props) {
    if (!Loaded) use(typeof document === 'undefined' || isPageReady() ? loadNow() : loadWhenIdle());
    const Component = Loaded!;
    return <Component {...props} />;
  }

  function Hydrated() {
    useEffect(() => sectionSettled(section), []);
    return null;
  }

  return function DeferredSection(props: Props) {
    // Counted here, in the pass that hydrates the page around it: React may leave the boundary below
    // for a later pass, and the page must not be marked ready before this section has hydrated.
    if (!Loaded && typeof document !== 'undefined' && !isPageReady()) {
      sectionWaiting(section);
      void loadWhenIdle();
    }
    return (
      <Suspense fallback={fallback}>
        <Content {...props} />
        <Hydrated />
      </Suspense>
    );
  };
}

/**
 * A page whose whole content hydrates as a deferred section: for pages of static information, whose
 * prerendered HTML is all a reader needs at first (links work as plain links until then).
 */
export function deferredPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return deferredSection(() => load().then((module) => module.default), <PageLoading />);
}
