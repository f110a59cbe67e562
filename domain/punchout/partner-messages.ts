/**
 * The partner session's header and messages: plain constants, apart from session.ts's schemas, so
 * the storefront's API client and partner mode can use them without loading zod on every page.
 */

/** The header the browser sends the partner token in, with the session's id as `x-shopping-session-id`. */
export const PARTNER_SESSION_HEADER = 'x-partner-session';

/** A system name the messages can say ('Please punch out again from RealPage.'). */
export const PARTNER_MESSAGES = {
  startUsed: (system: string) => `This punch-out link has already been used. Please punch out again from ${system}.`,
  startExpired: (system: string) => `This punch-out link has expired. Please punch out again from ${system}.`,
  startUnknown: 'Unknown punch-out session. Please punch out again from your procurement system.',
  /** bc or ru of the RealPage form are not the ones issued with the start id. */
  startMismatch:
    'This punch-out link does not match the one your procurement system was given. Please punch out again.',
  /** No, an unknown or an expired partner token. */
  sessionMissing: 'RealPage session data missing. Please try punching out again.',
  /** A partner token with another shopping session id than its own. */
  sessionMismatch: 'This cart does not belong to your punch-out session.',
  cartEmpty: 'Your cart is empty. Add items before submitting the order.',
  /** A return confirmed for a submission this session never made. */
  submissionUnknown: 'This cart was not submitted in your punch-out session. Please submit it again.',
  /** The cart changed between the submit and the browser leaving with it. */
  cartChangedSinceSubmit: 'Your cart changed after it was submitted. Please review it and submit it again.',
  /** The browser could not post the cart to the buyer's return URL (decision 0040): nothing was returned, the cart stays open. */
  returnBlocked: (system: string, returnUrl: string) =>
    `Your cart could not be returned to ${system}: this browser would not send it to ${returnUrl}. Nothing was submitted and your cart is still here. Please ask your ${system} administrator to check the punch-out return address, then try again.`,
  /** Changing the cart of a requisition opened for inspection. */
  inspectOnly: 'This requisition is open for viewing only. Changes cannot be returned to your procurement system.',
  /** A start page the server refused, with the server's reason. */
  authenticationError: (error: string) => `RealPage Authentication Error: ${error}`,
  welcome: (firstName: string) => `Welcome, ${firstName}! You are now signed in.`,
} as const;
