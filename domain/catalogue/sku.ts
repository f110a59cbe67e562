/**
 * Product SKUs, the ids of /product/:id: family, series and colour code, e.g. FW-STD-E02 is a
 * standard faux wood blind in E02 Smooth White. Sizes and options are configured on the page.
 */
import { FAMILIES, FAMILY_IDS, type FamilyId } from './families';
import type { Color } from './colors';

const FAMILY_CODES: Record<FamilyId, string> = {
  'faux-wood-blinds': 'FW',
  'wood-blinds': 'WB',
  'roller-shades': 'RS',
  'vertical-blinds': 'VB',
  'mini-blinds': 'MB',
};

const SERIES_CODES: Record<string, string> = {
  standard: 'STD',
  printed: 'PWG',
  smooth: 'SMO',
  wood: 'WFN',
  green2000: 'G2K',
  green3000: 'G3K',
  blackout: 'BLK',
  'vertical-3-5': 'V35',
  aluminum: 'ALU',
  vinyl: 'VIN',
};

export interface Product {
  sku: string;
  family: FamilyId;
  series: string;
  color: Color;
}

export function skuFor(family: FamilyId, series: string, colorCode: string): string {
  return `${FAMILY_CODES[family]}-${SERIES_CODES[series] ?? series}-${colorCode}`;
}

/** The product a SKU names (case-insensitive), or null when no family, series or colour matches. */
export function productBySku(sku: string): Product | null {
  const [familyCode, seriesCode, colorCode, ...rest] = sku.toUpperCase().split('-');
  if (!familyCode || !seriesCode || !colorCode || rest.length > 0) return null;
  const family = FAMILY_IDS.find((id) => FAMILY_CODES[id] === familyCode);
  if (!family) return null;
  const series = FAMILIES[family].series.find((s) => SERIES_CODES[s.id] === seriesCode);
  const color = series?.colors.find((c) => c.code === colorCode);
  if (!series || !color) return null;
  return { sku: skuFor(family, series.id, color.code), family, series: series.id, color };
}

/** Every product of the catalogue, one per family, series and colour. */
export function allProducts(): Product[] {
  return FAMILY_IDS.flatMap((family) =>
    FAMILIES[family].series.flatMap((series) =>
      series.colors.map((color) => ({ sku: skuFor(family, series.id, color.code), family, series: series.id, color })),
    ),
  );
}
