import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { readStorage } from './browser-storage';
import { PARTNER_ACCOUNT_TYPE, STORAGE_KEYS } from './storage-keys';

/**
 * Pages that need a session (the account pages, checkout's confirmation): when the API answers 401
 * the visitor is sent to /login, remembering the page, unless they are a partner buyer with a stored
 * client id.
 * Answers whether it redirected.
 */
export function useSignInWhenUnauthorized(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      if (readStorage('local', STORAGE_KEYS.accountType) === PARTNER_ACCOUNT_TYPE) return false;
      navigate(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`, { replace: true });
      return true;
    },
    [navigate, location.pathname, location.search],
  );
}
