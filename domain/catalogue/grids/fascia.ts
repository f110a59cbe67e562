/** fascia_pricing: the roller shade fascia (3 or 4 in) by width range, in cents. */
import type { FasciaRow } from './types';

export const FASCIA_GRID: readonly FasciaRow[] = [
  { widthMin: 24, widthMax: 36, priceCents: 1800 },
  { widthMin: 36, widthMax: 48, priceCents: 2400 },
  { widthMin: 48, widthMax: 60, priceCents: 3000 },
  { widthMin: 60, widthMax: 72, priceCents: 3600 },
  { widthMin: 72, widthMax: 84, priceCents: 4200 },
];
