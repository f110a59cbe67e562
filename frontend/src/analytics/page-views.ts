import { PLAUSIBLE_API_HOST } from '#domain/analytics-hosts';
import type { AnalyticsConfig } from '#domain/runtime-config';

/** One page view: the route's path alone (a query or fragment may carry a reset or confirmation token) and its title. */
export interface PageView {
  path: string;
  title: string;
}

/** What sending page views needs from the browser, so the rules here are tested without one. */
export interface AnalyticsPlatform {
  /** The site's origin, e.g. https://www.hillbrookblinds.com. */
  origin: string;
  referrer: string;
  /** Resolves once the page is interactive (after load, at the browser's next idle moment); the same promise every call. */
  whenInteractive(): Promise<void>;
  /** Adds an async script to the page. */
  loadScript(src: string): void;
  /** Google's command queue (`gtag(...)`), read by gtag.js once it has loaded. */
  gtag(...command: unknown[]): void;
  /** Posts a body without waiting for or reading the answer; failures are ignored. */
  post(url: string, body: string): void;
}

/**
 * A sender of page views to the configured provider. Nothing is loaded or sent before the page is
 * interactive; views of earlier route changes wait and go in order. The same path twice in a row
 * is one view (React runs effects twice in development).
 */
export function createPageViewSender(
  analytics: AnalyticsConfig,
  platform: AnalyticsPlatform,
): (view: PageView) => void {
  let lastPath: string | undefined;
  let started = false;
  const start = () => {
    if (started || analytics.provider !== 'ga4') return;
    started = true;
    // Page views are sent by hand on each route change, so the tag's own first one is switched off.
    platform.gtag('js', new Date());
    platform.gtag('config', analytics.measurementId, { send_page_view: false });
    platform.loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.measurementId)}`);
  };
  const send = ({ path, title }: PageView) => {
    const url = `${platform.origin}${path}`;
    if (analytics.provider === 'ga4') {
      platform.gtag('event', 'page_view', {
        page_location: url,
        page_path: path,
        page_title: title,
        send_to: analytics.measurementId,
      });
    } else {
      const body = { name: 'pageview', url, domain: analytics.domain, referrer: platform.referrer || null };
      platform.post(`${analytics.apiHost ?? PLAUSIBLE_API_HOST}/api/event`, JSON.stringify(body));
    }
  };
  return (view) => {
    if (view.path === lastPath) return;
    lastPath = view.path;
    void platform.whenInteractive().then(() => {
      start();
      send(view);
    });
  };
}
