import { PARTNER_ACCOUNT_TYPE, STORAGE_KEYS } from './storage-keys';

/** The part of Storage this needs, so it runs against a plain map in tests. */
export type StorageReader = Pick<Storage, 'getItem'>;

/** Partner mode from the URL activates only with rp=true plus s, bc and ru (storefront spec section 5). */
export function hasPartnerUrlParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('rp') === 'true' && ['s', 'bc', 'ru'].every((name) => Boolean(params.get(name)));
}

/**
 * A procurement-partner buyer: arrived with the partner parameters, signed in with account type
 * realpage, or holds a stored partner session. They see no measurement-scheduling entries.
 */
export function isPartnerBuyer(search: string, storage: StorageReader): boolean {
  return (
    hasPartnerUrlParams(search) ||
    storage.getItem(STORAGE_KEYS.accountType) === PARTNER_ACCOUNT_TYPE ||
    Boolean(storage.getItem(STORAGE_KEYS.realPageSession))
  );
}
