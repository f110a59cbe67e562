/** The grids the table is seeded with; staff replace them by CSV upload in the admin area. */
import { FASCIA_GRID } from './fascia';
import { FAUX_WOOD_PREMIUM_GRID } from './faux-wood-premium';
import { FAUX_WOOD_STOCK_GRID } from './faux-wood-stock';
import { MINI_GRID } from './mini';
import { ROLLER_GRID } from './roller';
import type { PriceGrids } from './types';
import { VERTICAL_GRID } from './vertical';
import { WOOD_GRID } from './wood';

export const SEED_PRICE_GRIDS: PriceGrids = {
  fauxWoodStock: FAUX_WOOD_STOCK_GRID,
  fauxWoodPremium: FAUX_WOOD_PREMIUM_GRID,
  wood: WOOD_GRID,
  roller: ROLLER_GRID,
  fascia: FASCIA_GRID,
  vertical: VERTICAL_GRID,
  mini: MINI_GRID,
};
