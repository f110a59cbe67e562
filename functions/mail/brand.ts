/**
 * The few brand values a mail needs. They are copies of frontend/src/theme.ts (a mail cannot import
 * the frontend's theme): keep them in step when the palette there changes. Mail clients ignore web
 * fonts more often than not, so the font stacks name the brand faces first and fall back to the
 * theme's system stacks.
 */
export const MAIL_COLORS = {
  /** brand.700: the header band and buttons; white on it is 10:1. */
  brand: '#1d4e5f',
  /** brand.600: links, 8.3:1 on white. */
  link: '#25606f',
  /** brand.100: the header's second line on brand.700. */
  brandMuted: '#d5e9ec',
  /** oak.400: the accent rule under the header and beside quoted messages. */
  oak: '#c98f4f',
  /** oak.50: the box around a code to type. */
  oakSubtle: '#fbf6ef',
  /** linen: the page around the mail. */
  linen: '#f8f5f0',
  /** gray.800 and gray.600 of the theme: body text and secondary text (7:1 on white). */
  text: '#27272a',
  muted: '#52525b',
  rule: '#e4e4e7',
  white: '#ffffff',
} as const;

export const MAIL_FONTS = {
  heading: "Fraunces, Georgia, 'Iowan Old Style', 'Times New Roman', serif",
  body: "'Source Sans 3', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;
