/**
 * The scheduled job that abandons carts idle for 24 hours without anyone opening a page
 * (functions/schedules.ts). The clock is the schedule's: EventBridge sets `time` to the moment the
 * run was due, and the local stack's scheduler (and tests, through it) set the same field.
 */
import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { abandonIdleCarts } from './cart-lifecycle-store';

export async function handler(event: Pick<ScheduledEvent, 'time'>): Promise<{ abandoned: number }> {
  const abandoned = await abandonIdleCarts(new Date(event.time));
  logger.info('Idle carts swept', { abandoned, at: event.time });
  return { abandoned };
}
