import { loadRuntimeConfig } from '../api/runtime-config';
import { whenIdle } from '../lib/when-idle';
import type { AnalyticsPlatform, PageView } from './page-views';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let interactive: Promise<void> | undefined;

function whenInteractive(): Promise<void> {
  interactive ??= new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(() => new Promise<void>((resolve) => whenIdle(resolve, 5_000)));
  return interactive;
}

/** Google's snippet: gtag.js reads each command as the `arguments` object it pushes, not as an array. */
function gtag(..._command: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- gtag.js needs the arguments object itself (above).
  window.dataLayer.push(arguments);
}

function browserPlatform(): AnalyticsPlatform {
  return {
    origin: window.location.origin,
    referrer: document.referrer,
    whenInteractive,
    loadScript(src) {
      const script = document.createElement('script');
      script.async = true;
      script.src = src;
      document.head.appendChild(script);
    },
    gtag,
    post(url, body) {
      // text/plain keeps it a simple request (no preflight), as Plausible's own script sends it.
      fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain' },
      }).catch(() => undefined);
    },
  };
}

let sender: Promise<((view: PageView) => void) | undefined> | undefined;

/** Sends a page view to the provider /config.json names; with none, nothing is loaded or sent. Never on the server (prerender). */
export function sendPageView(view: PageView): void {
  if (typeof window === 'undefined') return;
  sender ??= loadRuntimeConfig().then(
    // The sender (and the analytics schema it imports) is only downloaded for a deployment that has analytics.
    ({ analytics }) =>
      analytics
        ? import('./page-views').then(({ createPageViewSender }) => createPageViewSender(analytics, browserPlatform()))
        : undefined,
    () => undefined,
  );
  void sender.then((send) => send?.(view));
}
