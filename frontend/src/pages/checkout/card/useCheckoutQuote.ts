import { useCallback, useEffect, useState } from 'react';
import type { CheckoutQuoteRequest } from '#domain/checkout/checkout';
import type { CheckoutQuoteWithFitChecks } from '#domain/properties/fit-check';
import { fetchCheckoutQuote } from '../../../api/checkout';
import { isUnauthorized } from '../../../lib/use-resource';

/** The totals follow the address once typing pauses this long. */
const QUOTE_DEBOUNCE_MS = 400;

/**
 * The quote that follows what the form asks (the shipping state and ZIP code, installation): read
 * again once typing pauses, the request in flight aborted when the form changes again. The quote
 * shown is stale until the answer to the form as it stands arrives. A read that follows typing, so
 * not `useResource`: the last quote stays on screen while the next is read.
 */
export function useCheckoutQuote(
  first: { quote: CheckoutQuoteWithFitChecks; quotedKey: string },
  request: CheckoutQuoteRequest,
  onUnauthorized: () => void,
) {
  const [quote, setQuote] = useState(first.quote);
  /** The quote request that `quote` answers: the summary is out of date while they differ. */
  const [quotedKey, setQuotedKey] = useState(first.quotedKey);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(request);

  useEffect(() => {
    if (key === quotedKey) return;
    const controller = new AbortController();
    setFailed(false);
    const timer = setTimeout(() => {
      fetchCheckoutQuote(JSON.parse(key) as CheckoutQuoteRequest, { signal: controller.signal }).then(
        (fresh) => {
          setQuote(fresh);
          setQuotedKey(key);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isUnauthorized(error)) return onUnauthorized();
          setFailed(true);
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, quotedKey, attempt, onUnauthorized]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  /** Reads the quote afresh (the cart may have changed under the page). */
  const requote = useCallback(() => setQuotedKey(''), []);
  return { quote, stale: key !== quotedKey, failed, retry, requote };
}
