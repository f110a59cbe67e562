/** Latency of a request sent one at a time: p50 and p99 after a warm-up. `pauseMs` spaces the requests, untimed. */
export interface Latency {
  p50Ms: number;
  p99Ms: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measureLatency(
  send: (i: number) => Promise<void>,
  { warmUp = 30, requests = 300, pauseMs = 0 } = {},
): Promise<Latency> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  for (let i = 0; i < warmUp; i++) {
    await send(i);
    await pause();
  }
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await send(warmUp + i);
    times.push(performance.now() - started);
    await pause();
  }
  return latencyOf(times);
}

/** p50 and p99 of durations measured elsewhere (e.g. the Stripe stand-in's delivery attempts). */
export function latencyOf(timesMs: readonly number[]): Latency {
  const sorted = [...timesMs].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

export function formatLatency(label: string, { p50Ms, p99Ms }: Latency): string {
  return `${label.padEnd(44)}${`p50 ${p50Ms.toFixed(1)} ms`.padStart(14)}${`p99 ${p99Ms.toFixed(1)} ms`.padStart(14)}`;
}
