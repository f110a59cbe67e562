import type { BusinessFacts } from '#domain/business';

declare const __BUSINESS__: BusinessFacts;

/**
 * The business's name, phone, e-mail, address and the rest, from the settings file the build was
 * given (frontend/vite.config.ts, README: Configuration): in the bundle as in the prerendered HTML,
 * so it costs the first load no request.
 */
export const BUSINESS: BusinessFacts = __BUSINESS__;

/**
 * The office hours of the settings, as the prerendered pages and their structured data list them.
 * Once a page has hydrated, the header, footer and info pages list the hours staff saved
 * (lib/office-hours.ts), and so does the chat.
 */
export const OFFICE_HOURS = BUSINESS.officeHours;
