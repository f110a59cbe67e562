/**
 * The correlation id of the work in progress, so one order can be followed in the logs from the API
 * through every consumer: an API request's id, carried in the detail of each event the request
 * publishes (`correlationId`), taken up by the consumers of those events and carried on by the events
 * they publish in turn. Kept per async call chain, so concurrent requests on one machine (the local
 * stack) keep their own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { inTraceSubsegment } from './tracing';

const current = new AsyncLocalStorage<string>();

/** API Gateway's request ids and EventBridge's event ids fit it; anything else an event carries is ignored. */
const WELL_FORMED = /^[\w.:=-]{1,128}$/;

/** Runs one request's or event's work under its correlation id, traced on Lambda in a subsegment of its own. */
export function withCorrelationId<T>(correlationId: string, run: () => Promise<T>): Promise<T> {
  return current.run(correlationId, () => inTraceSubsegment(correlationId, run));
}

export function currentCorrelationId(): string | undefined {
  return current.getStore();
}

/** The correlation id an event's detail carries, when it carries a well-formed one. */
export function correlationIdIn(detail: unknown): string | undefined {
  const carried = (detail as { correlationId?: unknown } | null | undefined)?.correlationId;
  return typeof carried === 'string' && WELL_FORMED.test(carried) ? carried : undefined;
}

/** The detail to publish, with the correlation id of the work publishing it. */
export function correlated<T extends object>(detail: T): T & { correlationId?: string } {
  const correlationId = currentCorrelationId();
  return correlationId ? { ...detail, correlationId } : detail;
}
