import type { GridKind } from '#domain/catalogue/grids/types';

/** The grids as staff know them, in the order of the catalogue. */
export const GRID_NAMES: Record<GridKind, string> = {
  fauxWoodStock: 'Faux wood blinds: stock sizes',
  fauxWoodPremium: 'Faux wood blinds: printed and premium ranges',
  wood: 'Wood blinds',
  roller: 'Roller shades',
  fascia: 'Roller shade fascia',
  vertical: 'Vertical blinds 3.5"',
  mini: 'Mini blinds',
};
