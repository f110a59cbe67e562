/** Keys the storefront keeps in the browser (storefront spec section 3). */
export const STORAGE_KEYS = {
  clientId: 'clientId',
  clientName: 'clientName',
  clientEmail: 'clientEmail',
  accountType: 'accountType',
  defaultPropertyId: 'defaultPropertyId',
  shoppingSessionId: 'shopping_session_id',
  hasSeenPopup: 'hasSeenPopup',
  realPageSession: 'realPageSession',
  /** The visitor's live chat: its id and the secret only this browser has (forgotten once the chat ends). */
  chatSession: 'chat_session',
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
