/**
 * Facts about the business shown across the site, in mails and in the structured data of the
 * home page. One place, so the header, footer, contact pages and JSON-LD never disagree.
 */
export const BUSINESS = {
  name: 'Hill & Brook Blinds',
  legalName: 'Hill & Brook Blinds LLC',
  /** Shown in the header top bar and dialled by every Call button. */
  phoneDisplay: '(214) 555-0187',
  phoneE164: '+12145550187',
  email: 'hello@hillbrookblinds.com',
  siteUrl: 'https://www.hillbrookblinds.com',
  address: {
    street: '2400 Valley View Ln',
    city: 'Farmers Branch',
    region: 'TX',
    postalCode: '75234',
    country: 'US',
  },
  launchedYear: 2024,
  warehouseSqFt: 120_000,
  /** The service area the home page's structured data names. */
  serviceArea: ['Dallas-Fort Worth', 'Waco', 'Austin', 'San Antonio', 'Houston'],
  serviceRadiusKm: 200,
  /** Centre of the service area in structured data (the Farmers Branch office). */
  geo: { latitude: 32.9265, longitude: -96.8961 },
  installationRadiusMiles: 50,
  emailReplyPromiseHours: 24,
} as const;

/**
 * Office hours. The spec has two readings: the home page and structured data say Mon-Fri
 * 7:30am-9:00pm, Saturday 8:00am-6:00pm, Sunday by appointment; the about/contact copy says
 * Sat 8 AM-8 PM, Sun 10 AM-6 PM. We keep the first, because the header (shown on every page)
 * and the structured data that search engines read both use it; one constant serves all pages.
 */
export const OFFICE_HOURS = {
  headerText: 'Mon-Fri 7:30am-9:00pm CT',
  timeZone: 'America/Chicago',
  days: [
    {
      label: 'Monday - Friday',
      text: '7:30 AM - 9:00 PM',
      schemaDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '07:30',
      closes: '21:00',
    },
    { label: 'Saturday', text: '8:00 AM - 6:00 PM', schemaDays: ['Saturday'], opens: '08:00', closes: '18:00' },
    { label: 'Sunday', text: 'By appointment', schemaDays: [], opens: null, closes: null },
  ],
} as const;
