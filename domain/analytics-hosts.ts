/**
 * Plausible's own server, where page views go when the configuration names no other. Apart from the
 * configuration's zod schemas, so that the browser's page-view sender loads without zod (issue 15).
 */
export const PLAUSIBLE_API_HOST = 'https://plausible.io';
