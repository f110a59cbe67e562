import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import { seriesFromQuery } from '#domain/catalogue/query';
import { queryForSeries } from './series-query';

describe('queryForSeries', () => {
  it('selects each tab again when the page reads its query', () => {
    for (const family of FAMILY_IDS) {
      for (const series of FAMILIES[family].series) {
        expect(seriesFromQuery(family, queryForSeries(family, series.id, new URLSearchParams()))).toBe(series.id);
      }
    }
  });

  it('keeps the pre-filled size of a featured link', () => {
    const query = queryForSeries('faux-wood-blinds', 'printed', new URLSearchParams('width=25&height=72'));
    expect(query.toString()).toBe('width=25&height=72&type=printed');
  });
});
