import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BUSINESS, OFFICE_HOURS } from '../../business';
import { infoPages } from './index';

async function render(path: string, url = path): Promise<string> {
  const page = infoPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No info page at ${path}`);
  const { default: Page } = await page.load();
  // As the build prerenders: waiting for the page's deferred sections (lib/deferred-section.tsx).
  const { prelude } = await prerender(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[url]}>
        <Page />
      </MemoryRouter>
    </ChakraProvider>,
  );
  const html = await new Response(prelude).text();
  // Emotion's inline styles and React's text separators are noise to the assertions on markup and copy.
  return html.replace(/<style[^>]*>.*?<\/style>/gs, '').replaceAll('<!-- -->', '');
}

/** Copy each page must show: the constants of the spec and the facts customers rely on. */
const KEY_COPY: Record<string, string[]> = {
  '/about-us': [
    '2024',
    '120,000 sq ft',
    'up to 30% less',
    'volume discounts',
    'Property managers',
    'Commercial developers',
  ],
  '/measure-install': [
    'youtube-nocookie.com',
    'smallest',
    'largest',
    '1/8 inch',
    '0.5 inch',
    'href="/ExpertInstallation"',
  ],
  '/free-samples': ['$15', '3-7 business days', '3-5 days', 'View Cart (0 samples)', 'href="/cart"'],
  '/contact-us': ['Send Message', 'Is this about an existing order?', 'Subject'],
  '/shipping-info': [
    '$12.50',
    '$30',
    'LTL freight',
    '7-10 business days',
    'no rush option',
    'href="/contact-us"',
    'href="/measure-install"',
  ],
  '/returns': [
    'Standard Returns',
    'Fit Assurance',
    '30 days of delivery',
    '5-7 business days',
    'up to 10 blinds per order',
    'Start a Return',
    'href="/contact-us?subject=Return+request"',
  ],
  '/track-order': ['Order number', 'Track Order'],
  '/child-safety': [
    'Replace',
    'Retrofit',
    'Move furniture',
    'Check every room',
    'professionally',
    'safety guides',
    'Learn more',
    'window-cord-warning-label.svg',
  ],
  '/careers': ['href="/careers/field"', 'href="/careers/technology"', 'href="/careers/leadership"'],
  '/careers/field': ['Blind Installer', 'Read More', 'Apply'],
  '/careers/technology': ['Full-Stack Engineer', 'Read More', 'Apply'],
  '/careers/leadership': ['Operations Manager', 'Read More', 'Apply'],
  '/corporate-responsibility': ['One tree for every order', 'Children&#x27;s museum', 'Environmental', 'Community'],
  '/privacy-policy': ['Last updated', 'Table of contents', 'Stripe', 'never sent to or stored by us', 'Cookies'],
  '/terms-of-service': ['Last updated', 'Table of contents', 'State of Texas', 'Returns Policy'],
  '/ExpertInstallation': [
    '$150',
    '$5 per blind',
    '$300 minimum',
    '2-person crew',
    '50-mile',
    'href="/contact-us?subject=Installation%20request"',
  ],
};

describe('information pages', () => {
  it('covers every information route of the spec, once', () => {
    expect(infoPages.map((page) => page.path).sort()).toEqual(Object.keys(KEY_COPY).sort());
  });

  it.each(infoPages.map((page) => [page.path, page] as const))(
    '%s has a branded title and a 140-160 character description',
    (_, page) => {
      expect(page.title).toMatch(new RegExp(`\\| ${BUSINESS.name}$`));
      expect(page.description.length).toBeGreaterThanOrEqual(140);
      expect(page.description.length).toBeLessThanOrEqual(160);
    },
  );

  it('keeps the technology careers page out of search engines only', () => {
    expect(infoPages.filter((page) => page.noindex).map((page) => page.path)).toEqual(['/careers/technology']);
  });

  it.each(Object.entries(KEY_COPY))('%s renders one h1, headings in order and its key copy', async (path, copy) => {
    const html = await render(path);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
    for (const text of copy) expect(html.includes(text), `${path} shows ${text}`).toBe(true);
  });

  it('gives every image alt text and every iframe a title', async () => {
    for (const page of infoPages) {
      const html = await render(page.path);
      for (const img of html.match(/<img[^>]*>/g) ?? []) expect(img).toMatch(/alt="[^"]+"/);
      for (const iframe of html.match(/<iframe[^>]*>/g) ?? []) expect(iframe).toMatch(/title="[^"]+"/);
    }
  });

  it('shows the business phone, e-mail and hours where customers look for them', async () => {
    for (const path of ['/contact-us', '/about-us']) {
      const html = await render(path);
      expect(html).toContain(`href="tel:${BUSINESS.phoneE164}"`);
      expect(html).toContain(BUSINESS.email);
      for (const day of OFFICE_HOURS.days) expect(html).toContain(day.text);
    }
    for (const path of ['/measure-install', '/ExpertInstallation']) {
      const html = await render(path);
      expect(html).toContain(`href="tel:${BUSINESS.phoneE164}"`);
      expect(html).toContain(`href="mailto:${BUSINESS.email}`);
    }
  });

  it('pre-fills the contact subject from the query string', async () => {
    const html = await render('/contact-us', '/contact-us?subject=Return%20request');
    expect(html).toMatch(/name="subject"[^>]*value="Return request"|value="Return request"[^>]*name="subject"/);
  });
});
