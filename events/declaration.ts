/** How an event is declared: in `events/<context>.ts`, collected by events/catalog.ts. */
import type * as z from 'zod';

export interface EventConsumer {
  /** Stable id: names the rule and the Lambda function. PascalCase. */
  id: string;
  handler: { file: string; export: string };
  grants: Array<
    | 'table:read'
    | 'table:write'
    | 'mail:send'
    | 'storage:read'
    | 'storage:write'
    | 'bus:publish'
    | 'webhooks:enqueue'
    | 'appointments:token'
    | 'payments'
  >;
}

/** A consumer of several events through one rule (its pattern lists their names). */
export interface MultiEventConsumer extends EventConsumer {
  events: readonly string[];
}

/** The `source` of every event the shop publishes; the rules match only it. */
export const EVENT_SOURCE = 'shop';

export interface EventDeclaration<S extends z.ZodType = z.ZodType> {
  /** detail-type on the bus; past tense. */
  name: string;
  version: number;
  detail: S;
  consumers: EventConsumer[];
}

export function declare<S extends z.ZodType>(event: EventDeclaration<S>): EventDeclaration<S> {
  return event;
}

export type EventDetail<E extends EventDeclaration> = z.infer<E['detail']>;
