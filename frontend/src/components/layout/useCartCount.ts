import { useEffect, useState } from 'react';
import { CART_UPDATED_EVENT, fetchCartCount } from '../../api/cart';

/** The badge refreshes every 30 s and whenever a page announces a change with a `cartUpdated` event. */
const CART_COUNT_REFRESH_MS = 30_000;

/** Number of items in the visitor's cart; 0 while loading and whenever the cart cannot be loaded. */
export function useCartCount(): number {
  const [count, setCount] = useState(0);

  useEffect(() => {
    let controller = new AbortController();
    const refresh = () => {
      controller.abort();
      controller = new AbortController();
      const { signal } = controller;
      fetchCartCount({ signal })
        .then(setCount)
        .catch(() => {
          if (!signal.aborted) setCount(0);
        });
    };
    refresh();
    const timer = setInterval(refresh, CART_COUNT_REFRESH_MS);
    window.addEventListener(CART_UPDATED_EVENT, refresh);
    return () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener(CART_UPDATED_EVENT, refresh);
    };
  }, []);

  return count;
}
