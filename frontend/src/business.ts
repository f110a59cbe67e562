import type { BusinessFacts } from '#domain/business';

declare const __BUSINESS__: BusinessFacts;

/**
 * The business's name, phone, e-mail, address and the rest, from the settings file the build was
 * given (frontend/vite.config.ts, README: Configuration): in the bundle as in the prerendered HTML,
 * so it costs the first load no request.
 */
export const BUSINESS: BusinessFacts = __BUSINESS__;

/**
 * The office hours of the settings, as the header, footer and info pages show them (staff's saved
 * hours reach the chat through the API).
 */
export const OFFICE_HOURS = BUSINESS.officeHours;
