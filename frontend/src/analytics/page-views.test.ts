import { describe, expect, it } from 'vitest';
import type { AnalyticsConfig } from '#domain/runtime-config';
import { createPageViewSender, type AnalyticsPlatform } from './page-views';

function fakePlatform() {
  let becomeInteractive!: () => void;
  const interactive = new Promise<void>((resolve) => (becomeInteractive = resolve));
  const calls = {
    scripts: [] as string[],
    gtag: [] as unknown[][],
    posts: [] as Array<{ url: string; body: unknown }>,
  };
  const platform: AnalyticsPlatform = {
    origin: 'https://shop.example',
    referrer: 'https://search.example/',
    whenInteractive: () => interactive,
    loadScript: (src) => calls.scripts.push(src),
    gtag: (...command) => calls.gtag.push(command),
    post: (url, body) => calls.posts.push({ url, body: JSON.parse(body) }),
  };
  // Lets the sender's pending promise callbacks run.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { platform, calls, becomeInteractive, settle };
}

const plausible: AnalyticsConfig = { provider: 'plausible', domain: 'shop.example', apiHost: 'http://127.0.0.1:4000' };
const ga4: AnalyticsConfig = { provider: 'ga4', measurementId: 'G-TEST1234' };

describe('page views', () => {
  it('sends nothing and loads nothing before the page is interactive, then each route change in order', async () => {
    const { platform, calls, becomeInteractive, settle } = fakePlatform();
    const send = createPageViewSender(ga4, platform);
    send({ path: '/', title: 'Home' });
    send({ path: '/wood-blinds', title: 'Wood Blinds' });
    await settle();
    expect(calls).toEqual({ scripts: [], gtag: [], posts: [] });

    becomeInteractive();
    await settle();
    expect(calls.scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']);
    expect(calls.gtag.map((command) => command.slice(0, 2))).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-TEST1234'],
      ['event', 'page_view'],
      ['event', 'page_view'],
    ]);
    expect(calls.gtag[1]![2]).toEqual({ send_page_view: false });
    expect(calls.gtag.slice(2).map((command) => command[2])).toEqual([
      { page_location: 'https://shop.example/', page_path: '/', page_title: 'Home', send_to: 'G-TEST1234' },
      {
        page_location: 'https://shop.example/wood-blinds',
        page_path: '/wood-blinds',
        page_title: 'Wood Blinds',
        send_to: 'G-TEST1234',
      },
    ]);

    send({ path: '/cart', title: 'Cart' });
    await settle();
    expect(calls.scripts).toHaveLength(1);
    expect(calls.gtag.at(-1)).toEqual(['event', 'page_view', expect.objectContaining({ page_path: '/cart' })]);
  });

  it("posts Plausible's pageview event with the page's URL to the configured host, no script", async () => {
    const { platform, calls, becomeInteractive, settle } = fakePlatform();
    const send = createPageViewSender(plausible, platform);
    becomeInteractive();
    send({ path: '/returns', title: 'Returns' });
    await settle();
    expect(calls.scripts).toEqual([]);
    expect(calls.posts).toEqual([
      {
        url: 'http://127.0.0.1:4000/api/event',
        body: {
          name: 'pageview',
          url: 'https://shop.example/returns',
          domain: 'shop.example',
          referrer: 'https://search.example/',
        },
      },
    ]);
  });

  it("goes to Plausible's own server when no host is given", async () => {
    const { platform, calls, becomeInteractive, settle } = fakePlatform();
    createPageViewSender({ provider: 'plausible', domain: 'shop.example' }, platform)({ path: '/', title: 'Home' });
    becomeInteractive();
    await settle();
    expect(calls.posts.map((post) => post.url)).toEqual(['https://plausible.io/api/event']);
  });

  it('counts the same path twice in a row once, and a return to it again', async () => {
    const { platform, calls, becomeInteractive, settle } = fakePlatform();
    const send = createPageViewSender(plausible, platform);
    becomeInteractive();
    for (const path of ['/cart', '/cart', '/checkout', '/cart']) send({ path, title: path });
    await settle();
    expect(calls.posts.map((post) => (post.body as { url: string }).url)).toEqual([
      'https://shop.example/cart',
      'https://shop.example/checkout',
      'https://shop.example/cart',
    ]);
  });
});
