import { Suspense, use, useEffect, type ComponentType } from 'react';
import { isPageReady, sectionSettled, sectionWaiting, whenRouteCommitted } from './page-ready';
import { whenIdle } from './when-idle';

/** Longest wait for an idle moment before a deferred section loads anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * A section of a page whose code is not in the page's first load (issue 15, decision 0030): the
 * prerender renders it whole, so it is in the HTML from the first paint, and the browser hydrates it
 * once the rest of the page has hydrated and the browser is idle. Until then React leaves the
 * prerendered markup in place (a Suspense boundary waiting on the code), and the page is not marked
 * ready (lib/page-ready.ts). Rendered on a later navigation, the section loads at once.
 * For what sits below the fold or waits for input: a form's checks, an FAQ, reviews.
 */
export function deferredSection<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const section = {};

  const loadNow = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      // Offline, or the chunk gone after a deploy: the prerendered markup stays as it is (readable,
      // links work), and the rest of the page is not held back.
      () => {
        sectionSettled(section);
        return new Promise<void>(() => undefined);
      },
    ));
  let afterIdle: Promise<void> | undefined;
  const loadWhenIdle = () =>
    (afterIdle ??= whenRouteCommitted()
      .then(() => new Promise<void>((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS)))
      .then(loadNow));

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
      <Suspense fallback={null}>
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
  return deferredSection(() => load().then((module) => module.default));
}
