import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, type BusinessMetric } from '#events/business-metrics';

/** How many of each metric this process emitted: the local stack shows them under /_local/metrics. */
const emitted = new Map<BusinessMetric, number>();

/**
 * CloudWatch reads the embedded-metric JSON a Lambda function writes to its log. On one machine there
 * is no CloudWatch, and the JSON would interleave with the request log lines, so it is only tallied.
 */
const metrics =
  process.env.AWS_LAMBDA_FUNCTION_NAME === undefined
    ? undefined
    : new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'shop' });

/** Counts one occurrence of a business metric, written at once (a handler may end by throwing). */
export function countMetric(name: BusinessMetric): void {
  emitted.set(name, (emitted.get(name) ?? 0) + 1);
  metrics?.addMetric(name, MetricUnit.Count, 1);
  metrics?.publishStoredMetrics();
}

/** Each metric this process counted, by name. */
export function emittedMetrics(): Record<string, number> {
  return Object.fromEntries([...emitted].sort(([a], [b]) => a.localeCompare(b)));
}
