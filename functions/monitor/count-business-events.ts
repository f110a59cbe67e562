/**
 * Counts the business events of METRIC_OF_EVENT as CloudWatch metrics (the business dashboard and the
 * flagged-payments alarm read them): each event once, however often it is delivered, and a punch-out
 * order's OrderPlaced as a punch-out order too.
 */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { METRIC_OF_EVENT, metricsCountedBy } from '#events/business-metrics';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- it receives every event, so it reads every schema.
import { eventCatalog } from '#events/catalog';
import { consumer } from '../lib/event-consumer';
import { countMetric } from '../lib/metrics';

const counters = new Map<string, ReturnType<typeof consumer>>(
  (Object.keys(METRIC_OF_EVENT) as Array<keyof typeof METRIC_OF_EVENT>).map((eventName) => {
    const event = eventCatalog.find((declared) => declared.name === eventName)!;
    const counter = consumer(event, 'CountBusinessEvents', async (detail) => {
      for (const metric of metricsCountedBy(eventName, detail)) countMetric(metric);
    });
    return [eventName, counter] as const;
  }),
);

export const count = async (envelope: EventBridgeEvent<string, unknown>, context: Context): Promise<void> => {
  const counter = counters.get(envelope['detail-type']);
  if (!counter) throw new Error(`No business metric counts ${envelope['detail-type']}`);
  await counter(envelope, context);
};
