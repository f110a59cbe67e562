/**
 * The one declaration of queues and the function that consumes each. The CDK events stack makes the
 * SQS queue and its event source mapping; the local stack a queue on its SQS stand-in with the same
 * semantics (message delays on an injectable clock), so a queue works the same in both runtimes.
 */
import type { Grant, HandlerRef } from './routing';

export interface QueueConsumer {
  /** Stable id: names the queue's function. PascalCase. */
  id: string;
  /** The queue's name (WEBHOOK_QUEUE_URL names it on AWS and locally). */
  queueName: string;
  description: string;
  handler: HandlerRef;
  grants: Grant[];
  /** The function's time-out; the queue hides a message being handled for six times as long (AWS's advice). */
  timeoutSeconds: number;
}

/**
 * Webhook deliveries: one message per attempt, one message per invocation (a slow receiver holds
 * up no other delivery), retries as new messages with a delay (docs/decisions/0020).
 */
export const webhookDeliveryQueue: QueueConsumer = {
  id: 'DeliverWebhook',
  queueName: 'shop-webhook-deliveries',
  description: 'Sends one webhook delivery attempt, then queues its retry or dead-letters it',
  handler: { file: 'functions/webhooks/deliver.ts', export: 'handler' },
  grants: ['table:write', 'webhooks:enqueue', 'mail:send'],
  // The receiver's 10 s, the address look-up and the table writes.
  timeoutSeconds: 30,
};

export const queueConsumers: QueueConsumer[] = [webhookDeliveryQueue];
