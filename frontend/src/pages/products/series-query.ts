/** The query parameter that selects each tab: the inverse of `seriesFromQuery`. */
import type { FamilyId } from '#domain/catalogue/families';

const SERIES_PARAMETER: Record<FamilyId, string | null> = {
  'faux-wood-blinds': 'type',
  'wood-blinds': 'finish',
  'roller-shades': 'series',
  'vertical-blinds': null,
  'mini-blinds': 'type',
};

/** The query after choosing a tab: its own parameter set, the rest kept. */
export function queryForSeries(family: FamilyId, series: string, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const parameter = SERIES_PARAMETER[family];
  if (parameter) next.set(parameter, series);
  return next;
}
