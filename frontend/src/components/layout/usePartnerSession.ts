import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { announceCartChanged } from '../../api/cart';
import { ApiError } from '../../api/client';
import { PARTNER_MESSAGES } from '#domain/punchout/partner-messages';
import { localReader, readStorage, writeStorage } from '../../lib/browser-storage';
import { forgetPunchoutSession } from '../../lib/return-to-buyer';
import {
  authenticationError,
  isPartnerBuyer,
  isStoredArrival,
  partnerArrivalFrom,
  partnerSessionEntries,
  realPageAuthenticationError,
  searchWithoutArrival,
  storedPunchoutSession,
} from '../../lib/partner-mode';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { partnerBuyerAtom, punchoutSessionAtom, storedClientAtom } from '../../state';
import { toaster } from './toast-queue';
import { usePageReady } from './usePageReady';

/** The partner routes and their answers' schemas: only a partner's browser needs them, so they are not in the first load. */
const punchoutApi = () => import('../../api/punchout');

/** The body class the spec marks a partner session with. */
const PARTNER_BODY_CLASS = 'realpage-session';

function bannerState() {
  const session = storedPunchoutSession(localReader, Date.now());
  if (!session) return null;
  return {
    propertyAccount: readStorage('local', STORAGE_KEYS.realPagePropertyAccount) ?? '',
    buyerSystem: session.buyerSystem,
    operation: session.operation,
  };
}

/**
 * The partner session's arrival: a start page's URL is redeemed once (unless this browser already
 * holds that session), stored, and taken out of the address bar; a stored session ends at the
 * server's expiry or when the server no longer knows it (401). Both wait until the page has been
 * hydrated: partner mode changes what the page shows (lib/page-ready.ts).
 */
export function usePartnerSession(): void {
  const pageReady = usePageReady();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const setPartner = useSetAtom(partnerBuyerAtom);
  const setSession = useSetAtom(punchoutSessionAtom);
  const [client, setClient] = useAtom(storedClientAtom);
  const clientId = client?.id;
  const checkedWithServer = useRef(false);
  /** The start id being redeemed: a start page is single use, so it is redeemed once even when the effect runs again. */
  const redeeming = useRef<string | null>(null);
  /** Bumped when a redemption settles, so the stored session's expiry is scheduled afresh. */
  const [redemptions, setRedemptions] = useState(0);

  /** Mirrors the stored session into the atoms and the body class; a redemption in flight keeps partner mode on. */
  const showStored = useCallback(() => {
    const session = bannerState();
    setSession(session);
    const partner = redeeming.current !== null || isPartnerBuyer('', localReader, Date.now());
    setPartner(partner);
    document.body.classList.toggle(PARTNER_BODY_CLASS, partner);
    return session;
  }, [setPartner, setSession]);

  const end = useCallback(
    (notify: boolean) => {
      forgetPunchoutSession();
      setClient(null);
      showStored();
      announceCartChanged();
      if (notify)
        toaster.create({ id: 'punchout-session-ended', type: 'info', title: PARTNER_MESSAGES.sessionMissing });
    },
    [setClient, showStored],
  );

  useEffect(() => {
    const arrival = pageReady ? partnerArrivalFrom(search) : null;
    if (!arrival) return;
    navigate({ pathname, search: searchWithoutArrival(search), hash }, { replace: true });
    if (redeeming.current === arrival.startId) return;
    if (isStoredArrival(localReader, arrival, Date.now())) {
      showStored();
      return;
    }
    redeeming.current = arrival.startId;
    checkedWithServer.current = true;
    showStored();
    punchoutApi()
      .then(({ redeemStartPage }) => redeemStartPage(arrival))
      .then(
        (answer) => {
          forgetPunchoutSession();
          for (const [key, value] of partnerSessionEntries(arrival, answer, Date.now()))
            writeStorage('local', key, value);
          setClient({ id: answer.clientId, name: readStorage('local', STORAGE_KEYS.clientName) });
          announceCartChanged();
          toaster.create({ type: 'success', title: PARTNER_MESSAGES.welcome(answer.clientData.firstName) });
        },
        async (error: unknown) => {
          const refused = error instanceof ApiError && error.kind === 'http';
          toaster.create({
            type: 'error',
            title: refused
              ? realPageAuthenticationError((await punchoutApi()).partnerErrorOf(error))
              : authenticationError(error instanceof Error ? error.message : undefined),
          });
        },
      )
      .finally(() => {
        redeeming.current = null;
        showStored();
        setRedemptions((count) => count + 1);
      });
  }, [pageReady, search, pathname, hash, navigate, setClient, showStored]);

  // A stored session: shown, ended at its expiry, and checked once per page load with the server;
  // looked at again when the stored client changes (sign-out, another tab).
  useEffect(() => {
    if (!pageReady || partnerArrivalFrom(search) || redeeming.current) return;
    const hadSession = readStorage('local', STORAGE_KEYS.punchoutSession) !== null;
    const session = storedPunchoutSession(localReader, Date.now());
    if (!session) {
      if (hadSession) end(true);
      else showStored();
      return;
    }
    showStored();
    const expiry = setTimeout(() => end(true), session.expiresAt - Date.now());
    if (!checkedWithServer.current) {
      checkedWithServer.current = true;
      punchoutApi()
        .then(({ fetchPartnerSession }) => fetchPartnerSession())
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) end(true);
        });
    }
    return () => clearTimeout(expiry);
  }, [pageReady, search, clientId, redemptions, end, showStored]);
}
