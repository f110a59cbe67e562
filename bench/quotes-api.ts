/**
 * p50/p99 latency of POST /api/quotes through the local gateway (the same handler and DynamoDB
 * Local as in production code paths): one configuration, and a property manager's 200.
 */
import { FAUX_WOOD_STANDARD_COLORS } from '../domain/catalogue/colors';

const WARM_UP = 30;
const REQUESTS = 300;

function fauxWood(i: number) {
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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchmarkQuotesApi(baseUrl: string, windows: number): Promise<{ p50Ms: number; p99Ms: number }> {
  const body = JSON.stringify({ configurations: Array.from({ length: windows }, (_, i) => fauxWood(i)) });
  const send = async () => {
    const response = await fetch(`${baseUrl}/api/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (response.status !== 200) throw new Error(`POST /api/quotes answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < WARM_UP; i++) await send();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}
