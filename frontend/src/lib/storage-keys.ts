/** Keys the storefront keeps in the browser, named as the old shop named them. */
export const STORAGE_KEYS = {
  clientId: 'clientId',
  clientName: 'clientName',
  clientEmail: 'clientEmail',
  accountType: 'accountType',
  defaultPropertyId: 'defaultPropertyId',
  shoppingSessionId: 'shopping_session_id',
  hasSeenPopup: 'hasSeenPopup',
  realPageSession: 'realPageSession',
  realPageSessionId: 'realPageSessionId',
  realPagePropertyAccount: 'realPagePropertyAccount',
  realPageReturnUrl: 'realPageReturnUrl',
  /** The punch-out session this browser redeemed: its partner token, shopping session, buyer system and expiry. */
  punchoutSession: 'punchoutSession',
  /** The visitor's live chat: its id and the secret only this browser has (forgotten once the chat ends). */
  chatSession: 'chat_session',
  /** sessionStorage: the checkout's choices while the customer is on the payment page (keptCheckoutChoices), forgotten once paid. */
  checkoutChoices: 'checkout_choices',
  /** sessionStorage: the promotion code entered in the cart or at checkout, forgotten once paid. */
  promoCode: 'promo_code',
  /** sessionStorage: the home intro animation already played in this browser session. */
  homepageAnimationPlayed: 'homepage-animation-played',
} as const;

/** What sign-out forgets: the signed-in client's identity, never the anonymous shopping session. */
export const CLIENT_KEYS = [
  STORAGE_KEYS.clientId,
  STORAGE_KEYS.clientName,
  STORAGE_KEYS.clientEmail,
  STORAGE_KEYS.accountType,
  STORAGE_KEYS.defaultPropertyId,
] as const;

/** The partner's procurement system logs its users in with this account type. */
export const PARTNER_ACCOUNT_TYPE = 'realpage';

/** What ends with a punch-out session (24 hours, a 401, sign-out): the partner's client and the session itself. */
export const PARTNER_SESSION_KEYS = [
  ...CLIENT_KEYS,
  STORAGE_KEYS.realPageSession,
  STORAGE_KEYS.realPageSessionId,
  STORAGE_KEYS.realPagePropertyAccount,
  STORAGE_KEYS.realPageReturnUrl,
  STORAGE_KEYS.punchoutSession,
] as const;
