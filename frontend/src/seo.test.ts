import { describe, expect, it } from 'vitest';
import { BUSINESS } from './business';
import { businessStructuredData, canonicalUrl, headTags, jsonLdTag } from './seo';

describe('page head', () => {
  it('gives each page its title, description, canonical URL and social cards', () => {
    const head = headTags('/returns', { title: 'Returns | Shop', description: 'Returns within "30" days' });
    expect(head).toContain('<title>Returns | Shop</title>');
    expect(head).toContain('<meta name="description" content="Returns within &quot;30&quot; days" />');
    expect(head).toContain(`<link rel="canonical" href="${BUSINESS.siteUrl}/returns" />`);
    expect(head).toContain('<meta property="og:title" content="Returns | Shop" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('noindex');
  });

  it('keeps noindex pages out of search engines', () => {
    expect(headTags('/careers/technology', { title: 't', description: 'd', noindex: true })).toContain(
      'content="noindex, nofollow"',
    );
  });

  it('uses the site root as the canonical URL of the home page', () => {
    expect(canonicalUrl('/')).toBe(`${BUSINESS.siteUrl}/`);
  });
});

describe('business structured data', () => {
  it('names the business, its phone, service areas, radius and weekday hours', () => {
    const data = businessStructuredData();
    expect(data.name).toBe(BUSINESS.name);
    expect(data.telephone).toBe(BUSINESS.phoneE164);
    expect(data.areaServed.map((area) => ('name' in area ? area.name : area['@type']))).toEqual([
      ...BUSINESS.serviceArea,
      'GeoCircle',
    ]);
    expect(data.areaServed.at(-1)).toMatchObject({ geoRadius: 200_000 });
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '07:30', closes: '21:00' });
    expect(data.openingHoursSpecification).toHaveLength(2);
  });

  it('cannot be broken out of its script tag', () => {
    expect(jsonLdTag({ text: '</script><script>alert(1)</script>' })).not.toContain('</script><script>');
  });
});
