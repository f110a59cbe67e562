/** What the price tests share: configurations from a few fields, and a price or an error out of a result. */
import type { FamilyId } from '../catalogue/families';
import { SEED_PRICE_GRIDS } from '../catalogue/grids/index';
import type { PriceGrids } from '../catalogue/grids/types';
import { configurationSchema, type Configuration } from './configuration';
import { priceConfiguration, type PriceResult, type Quote } from './price';

export const SERIES_COLORS: Record<FamilyId, Record<string, string>> = {
  'faux-wood-blinds': { standard: 'E02', printed: '253' },
  'wood-blinds': { smooth: 'W101', wood: 'W201' },
  'roller-shades': { green2000: 'R2001', green3000: 'R3001', blackout: 'RB01' },
  'vertical-blinds': { 'vertical-3-5': 'V01' },
  'mini-blinds': { aluminum: 'M101', vinyl: 'M301' },
};

/** A configuration from a few fields: blind measurement, inside mount, the series' first colour, quantity 1 unless given. */
export function configure(
  fields: Record<string, unknown> & { family: FamilyId; w: number; h: number; we?: number; he?: number },
): Configuration {
  const { w, h, we = 0, he = 0, ...rest } = fields;
  return configurationSchema.parse({
    mount: 'inside',
    measurement: 'blind',
    quantity: 1,
    color: SERIES_COLORS[fields.family][String(fields.series)],
    ...rest,
    width: { inches: w, eighths: we },
    length: { inches: h, eighths: he },
  });
}

export function quote(config: Configuration, grids: PriceGrids = SEED_PRICE_GRIDS): Quote {
  const result = priceConfiguration(config, grids);
  if (!result.ok) throw new Error(`expected a price, got ${result.error.message}`);
  return result;
}

export function failure(result: PriceResult) {
  if (result.ok) throw new Error(`expected an error, got ${result.unitCents} cents`);
  return result.error;
}

export const fauxStandard = { family: 'faux-wood-blinds', series: 'standard', color: 'E02' } as const;
