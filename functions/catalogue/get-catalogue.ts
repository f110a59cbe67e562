import { FAMILIES, DEPTH_LIMITS, SIZE_LIMITS, VERTICAL_DEFAULT_SIZE } from '#domain/catalogue/families';
import {
  DRAW_DIRECTIONS,
  FASCIA_SIZES,
  VALANCE_RETURN_INCHES,
  VERTICAL_TYPE_LABELS,
  WAND_TILT_LABELS,
} from '#domain/catalogue/options';
import { httpHandler } from '../lib/http';
import { cacheableJson, entityTag } from './cacheable';
import { loadCurrentGrids } from './grid-store';

/** What a configurator needs besides the grids. Part of the code, so it changes with a deploy. */
const CATALOGUE = {
  families: Object.values(FAMILIES),
  limits: { size: SIZE_LIMITS, depth: DEPTH_LIMITS },
  options: {
    wandTilts: WAND_TILT_LABELS,
    fasciaSizes: FASCIA_SIZES,
    valanceReturnInches: VALANCE_RETURN_INCHES,
    drawDirections: DRAW_DIRECTIONS,
    verticalTypes: VERTICAL_TYPE_LABELS,
  },
  verticalDefaultSize: VERTICAL_DEFAULT_SIZE,
};

/** GET /api/catalogue: families, series, colours, options, facts, warranties, limits and grid versions. */
export const getCatalogue = httpHandler(async (event) => {
  const { versions } = await loadCurrentGrids();
  const body = { ...CATALOGUE, gridVersions: versions };
  const text = JSON.stringify(body);
  return cacheableJson(event, entityTag(text), body);
});
