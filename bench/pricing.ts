/**
 * Quotes per second of the pricing engine: a varied set of configurations (every family and
 * series, window and blind measurement, options) priced in a loop for about two seconds.
 */
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { configurationSchema, type Configuration } from '#domain/pricing/configuration';
import { priceConfiguration } from '#domain/pricing/price';

const DURATION_MS = 2000;

function variedConfigurations(): Configuration[] {
  const configs: Configuration[] = [];
  for (const family of FAMILY_IDS) {
    for (const series of FAMILIES[family].series) {
      for (let i = 0; i < 40; i++) {
        configs.push(
          configurationSchema.parse({
            family,
            series: series.id,
            width: { inches: 24 + ((i * 7) % 48), eighths: i % 8 },
            length: { inches: 36 + ((i * 11) % 60), eighths: (i * 3) % 8 },
            mount: i % 2 ? 'inside' : 'outside',
            measurement: i % 3 ? 'window' : 'blind',
            color: series.colors[i % series.colors.length]!.code,
            quantity: 1 + (i % 4),
            options: { fascia: i % 2 === 0, splitDraw: i % 2 === 1 },
          }),
        );
      }
    }
  }
  return configs;
}

export function benchmarkPricing(): { quotesPerSecond: number } {
  const configs = variedConfigurations();
  let quotes = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (const config of configs) priceConfiguration(config, SEED_PRICE_GRIDS);
    quotes += configs.length;
    elapsed = performance.now() - started;
  }
  return { quotesPerSecond: Math.round((quotes * 1000) / elapsed) };
}
