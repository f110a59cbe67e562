import { BUSINESS, OFFICE_HOURS } from './business';
import type { RouteMeta } from './route-meta';

/** Shared by link previews of every page; a raster image, as social networks ignore SVG. */
export const SOCIAL_IMAGE_PATH = '/images/social-card.jpg';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function canonicalUrl(path: string): string {
  return `${BUSINESS.siteUrl}${path === '/' ? '/' : path}`;
}

/** The head of a prerendered page: title, description, canonical URL, Open Graph and Twitter cards. */
export function headTags(path: string, meta: RouteMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(canonicalUrl(path));
  const image = escapeHtml(`${BUSINESS.siteUrl}${SOCIAL_IMAGE_PATH}`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(BUSINESS.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:locale" content="en_US" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** schema.org data about the business that search engines show beside the home page. */
export function businessStructuredData() {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': `${BUSINESS.siteUrl}/#business`,
    name: BUSINESS.name,
    legalName: BUSINESS.legalName,
    url: `${BUSINESS.siteUrl}/`,
    telephone: BUSINESS.phoneE164,
    email: BUSINESS.email,
    image: `${BUSINESS.siteUrl}${SOCIAL_IMAGE_PATH}`,
    foundingDate: String(BUSINESS.launchedYear),
    priceRange: '$$',
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.city,
      addressRegion: BUSINESS.address.region,
      postalCode: BUSINESS.address.postalCode,
      addressCountry: BUSINESS.address.country,
    },
    geo: { '@type': 'GeoCoordinates', ...BUSINESS.geo },
    areaServed: [
      ...BUSINESS.serviceArea.map((name) => ({ '@type': 'Place', name })),
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', ...BUSINESS.geo },
        geoRadius: BUSINESS.serviceRadiusKm * 1000,
      },
    ],
    openingHoursSpecification: OFFICE_HOURS.days
      .filter((day) => day.opens !== null && day.closes !== null)
      .map((day) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: day.schemaDays,
        opens: day.opens,
        closes: day.closes,
      })),
  };
}

/** JSON-LD script tag; `<` is escaped so no text in the data can close the script early. */
export function jsonLdTag(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The head of the bare SPA shell (200.html): the page fills in its own title once it renders. */
export function shellHeadTags(): string {
  return [
    `<title>${escapeHtml(BUSINESS.name)}</title>`,
    `<meta name="description" content="${escapeHtml(`Custom blinds and shades for Dallas-Fort Worth homes and properties from ${BUSINESS.name}.`)}" />`,
  ].join('\n    ');
}
