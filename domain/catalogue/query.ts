/** The product pages' query parameters to a tab (`type`, `finish`, `series`) and a pre-filled size. */
import type { FamilyId, SeriesId } from './families';

export function seriesFromQuery(family: FamilyId, query: URLSearchParams): SeriesId {
  switch (family) {
    case 'faux-wood-blinds': {
      const type = query.get('type');
      return type === 'wood-tone' || type === 'printed' ? 'printed' : 'standard';
    }
    case 'wood-blinds':
      return query.get('finish') === 'wood' ? 'wood' : 'smooth';
    case 'roller-shades': {
      const series = query.get('series');
      return series === 'green3000' || series === 'blackout' ? series : 'green2000';
    }
    case 'vertical-blinds':
      return 'vertical-3-5';
    case 'mini-blinds':
      return query.get('type') === 'vinyl' ? 'vinyl' : 'aluminum';
  }
}

export interface FauxWoodPrefill {
  width?: number;
  length?: number;
  mount?: 'inside' | 'outside';
  measurement?: 'window' | 'blind';
}

function wholeInches(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The featured cards link to /faux-wood-blinds?width=25&height=72&mount=outside&measurementType=blind. */
export function fauxWoodPrefillFromQuery(query: URLSearchParams): FauxWoodPrefill {
  const prefill: FauxWoodPrefill = {};
  const width = wholeInches(query.get('width'));
  const length = wholeInches(query.get('height'));
  const mount = query.get('mount');
  const measurement = query.get('measurementType');
  if (width !== undefined) prefill.width = width;
  if (length !== undefined) prefill.length = length;
  if (mount === 'inside' || mount === 'outside') prefill.mount = mount;
  if (measurement === 'window' || measurement === 'blind') prefill.measurement = measurement;
  return prefill;
}
