/**
 * Signing out of the shop. First, while the token still says who they are, the client's carts are
 * abandoned; that failing never keeps anyone signed in. Then the Cognito session ends. The guest
 * shopping session stays: it only sees carts that belong to no client, so the browser no longer
 * shows the client's cart. The live chat this browser kept is forgotten, so the next person here
 * cannot resume the conversation.
 */
import { abandonSignedInClientCarts, announceCartChanged } from '../api/cart';
import { forgetChat } from '../lib/chat/stored-chat';

export async function signOutEverywhere(): Promise<void> {
  await abandonSignedInClientCarts().catch(() => undefined);
  forgetChat();
  await (await import('./session')).endCognitoSession();
  announceCartChanged();
}
