import { useEffect, useState } from 'react';
import { apiRequest } from '../../api/client';

/** The badge refreshes every 30 s and whenever a page announces a change with a `cartUpdated` event. */
const CART_COUNT_REFRESH_MS = 30_000;
export const CART_UPDATED_EVENT = 'cartUpdated';

/** Number of items in the visitor's cart; 0 while loading and whenever the cart cannot be loaded. */
export function useCartCount(): number {
  const [count, setCount] = useState(0);

  useEffect(() => {
    let controller = new AbortController();
    const refresh = () => {
      controller.abort();
      controller = new AbortController();
      apiRequest<{ count: unknown }>('/cart/count', { signal: controller.signal })
        .then((body) => setCount(typeof body?.count === 'number' ? body.count : 0))
        .catch(() => {
          if (!controller.signal.aborted) setCount(0);
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
