import { startTransition, useCallback, useEffect, useState } from 'react';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import { fetchPriceGrids } from '../../api/catalogue';
import type { GridsState } from './PricingPanel';

/** The current price grids for the configurator, with Retry after a failed load. */
export function usePriceGrids(): { state: GridsState; grids: PriceGrids | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [grids, setGrids] = useState<PriceGrids | null>(null);
  const [state, setState] = useState<GridsState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchPriceGrids().then(
      (body) => {
        if (!current) return;
        // Pricing the whole configurator is a large render: as a transition it yields to the browser.
        startTransition(() => {
          setGrids(body.grids);
          setState({ status: 'ready' });
        });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', message: error instanceof Error ? error.message : 'Unknown error' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, grids, retry };
}
