/**
 * p50/p99 latency of POST /api/quotes through the local gateway (the same handler and DynamoDB
 * Local as in production code paths): one configuration, and a property manager's 200.
 */
import { FAUX_WOOD_STANDARD_COLORS } from '#domain/catalogue/colors';
import { httpRoutes } from '../functions/routes';
import { measureLatency, type Latency } from './latency';

export function fauxWood(i: number) {
  return {
    family: 'faux-wood-blinds',
    series: 'standard',
    width: { inches: 24 + (i % 40), eighths: i % 8 },
    length: { inches: 36 + (i % 30), eighths: 0 },
    mount: i % 2 ? 'inside' : 'outside',
    measurement: 'window',
    color: FAUX_WOOD_STANDARD_COLORS[0]!.code,
    quantity: 1,
    options: {},
  };
}

export async function benchmarkQuotesApi(baseUrl: string, windows: number): Promise<Latency> {
  const body = JSON.stringify({ configurations: Array.from({ length: windows }, (_, i) => fauxWood(i)) });
  // The route is throttled (functions/routes.ts, the local gateway too): requests are spaced at its rate, so none is refused.
  const throttle = httpRoutes.find((route) => route.id === 'CreateQuotes')?.throttle;
  return measureLatency(
    async () => {
      const response = await fetch(`${baseUrl}/api/quotes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (response.status !== 200) throw new Error(`POST /api/quotes answered ${response.status}`);
      await response.arrayBuffer();
    },
    { pauseMs: throttle ? 1000 / throttle.rateLimit : 0 },
  );
}
