/**
 * The one declaration of scheduled jobs: work that must happen without anyone calling the API.
 * The CDK events stack makes one EventBridge schedule rule per job, and the local stack one timer,
 * so a job runs in both runtimes. A job's handler receives the scheduled event; its `time` is the
 * job's clock.
 */
import type { Grant, HandlerRef } from './routing';

export interface ScheduledJob {
  /** Stable id: names the rule and the Lambda function. PascalCase. */
  id: string;
  description: string;
  rateMinutes: number;
  handler: HandlerRef;
  grants: Grant[];
}

export const scheduledJobs: ScheduledJob[] = [
  {
    id: 'SweepIdleCarts',
    description: 'Abandons carts idle for 24 hours',
    // A cart becomes abandoned between 24 h and 24 h 15 min after its last activity.
    rateMinutes: 15,
    handler: { file: 'functions/cart/idle-cart-sweep.ts', export: 'handler' },
    grants: ['table:write', 'bus:publish'],
  },
  {
    id: 'PublishEventOutbox',
    description: 'Publishes the events their producers did not (docs/decisions/0033)',
    // EventBridge's shortest rate: an event left in the outbox is published within about a minute.
    rateMinutes: 1,
    handler: { file: 'functions/lib/event-outbox.ts', export: 'sweep' },
    grants: ['table:write', 'bus:publish'],
  },
  {
    id: 'SendInvoiceReminders',
    description: 'Reminds clients of unpaid account invoices on the due date and 7 days after',
    // A reminder goes within half an hour of its day's start in the shop's calendar.
    rateMinutes: 30,
    handler: { file: 'functions/account-invoices/reminders.ts', export: 'handler' },
    grants: ['table:read', 'table:write', 'mail:send'],
  },
];
