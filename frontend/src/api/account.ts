/**
 * My Account's API calls (customer routes: each carries the signed-in client's access token).
 */
import type { ClientAddress, ClientProfile, NotificationPreferences } from '#domain/accounts/client';
import type { CreditAccountView } from '#domain/accounts/payment-terms';
import type { AccountClosureAnswer } from '#domain/accounts/privacy';
import type { CardSetup, SavedCards, SavedCardView } from '#domain/accounts/saved-cards';
import type { SavedProductView } from '#domain/accounts/saved-product';
import type { ConfigurationInput } from '#domain/pricing/configuration';
import { ApiError, apiRequest } from './client';

export type { ClientProfile, NotificationPreferences } from '#domain/accounts/client';
export type { SavedProductView } from '#domain/accounts/saved-product';

const auth = true;

export async function fetchAccount(options: { signal?: AbortSignal } = {}): Promise<ClientProfile> {
  return (await apiRequest<{ client: ClientProfile }>('/account', { auth, signal: options.signal })).client;
}

/** The signed-in client's payment terms and credit, or null when they are not on terms (404). */
export async function fetchCreditAccount(options: { signal?: AbortSignal } = {}): Promise<CreditAccountView | null> {
  try {
    return await apiRequest<CreditAccountView>('/account/credit', { auth, signal: options.signal });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
}

/** The signed-in client's cards saved with Stripe, newest first. */
export async function fetchMyCards(options: { signal?: AbortSignal } = {}): Promise<SavedCardView[]> {
  return (await apiRequest<SavedCards>('/account/cards', { auth, signal: options.signal })).cards;
}

/** Stripe's page where the client enters a card to save (it comes back to Payment Methods). */
export async function startCardSetup(): Promise<CardSetup> {
  return apiRequest<CardSetup>('/account/cards/setup', { method: 'POST', auth });
}

export async function removeMyCard(cardId: string): Promise<void> {
  await apiRequest(`/account/cards/${encodeURIComponent(cardId)}`, { method: 'DELETE', auth });
}

export async function updateProfile(profile: {
  firstName: string;
  lastName: string;
  phone: string;
}): Promise<ClientProfile> {
  return (await apiRequest<{ client: ClientProfile }>('/account/profile', { method: 'PATCH', body: profile, auth }))
    .client;
}

export async function updateAddress(address: ClientAddress): Promise<ClientProfile> {
  return (await apiRequest<{ client: ClientProfile }>('/account/address', { method: 'PUT', body: address, auth }))
    .client;
}

export async function updateNotificationPreferences(preferences: NotificationPreferences): Promise<ClientProfile> {
  return (
    await apiRequest<{ client: ClientProfile }>('/account/notification-preferences', {
      method: 'PUT',
      body: preferences,
      auth,
    })
  ).client;
}

export async function fetchSavedProducts(options: { signal?: AbortSignal } = {}): Promise<SavedProductView[]> {
  return (await apiRequest<{ savedProducts: SavedProductView[] }>('/saved-products', { auth, signal: options.signal }))
    .savedProducts;
}

/** The server prices the configuration itself. */
export async function saveProduct(name: string, configuration: ConfigurationInput): Promise<SavedProductView> {
  return (
    await apiRequest<{ savedProduct: SavedProductView }>('/saved-products', {
      method: 'POST',
      body: { name, configuration },
      auth,
    })
  ).savedProduct;
}

export async function renameSavedProduct(id: string, name: string): Promise<SavedProductView> {
  return (
    await apiRequest<{ savedProduct: SavedProductView }>(`/saved-products/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { name },
      auth,
    })
  ).savedProduct;
}

export async function removeSavedProduct(id: string): Promise<void> {
  await apiRequest(`/saved-products/${encodeURIComponent(id)}`, { method: 'DELETE', auth });
}

/** After Cognito verified a new e-mail: the profile takes it from Cognito (never from this request). */
export async function syncEmail(): Promise<ClientProfile> {
  return (await apiRequest<{ client: ClientProfile }>('/account/email-sync', { method: 'PUT', auth })).client;
}

/** Every record the shop keeps of the signed-in client, as the JSON file GET /api/account/data-export answers. */
export async function downloadMyData(): Promise<string> {
  return apiRequest<string>('/account/data-export', { auth, responseAs: 'text', timeoutMs: 30_000 });
}

/** Closes the signed-in client's account, confirmed by its e-mail typed again (409 with the reason when it cannot be now). */
export async function closeMyAccount(confirmEmail: string): Promise<AccountClosureAnswer> {
  return apiRequest<AccountClosureAnswer>('/account/closure', {
    method: 'POST',
    auth,
    body: { confirmEmail },
    timeoutMs: 30_000,
  });
}
