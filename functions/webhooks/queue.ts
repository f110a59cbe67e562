/**
 * The delivery queue's messages: one attempt each. SQS delays a message at most 15 minutes, so a
 * longer wait is spent in steps: the message carries what is left of it, and the delivery function
 * sends it on with the next step instead of attempting (docs/decisions/0020).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { queueClient } from '../lib/aws-clients';
import { webhookQueueConfig } from '../lib/config';

/** SQS's longest DelaySeconds. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

export const deliveryMessageSchema = z.object({
  eventId: z.string(),
  subscriptionId: z.string(),
  trigger: z.enum(['delivery', 'redelivery']),
  /** 1-based number of the attempt this message is for. */
  attempt: z.number().int().positive(),
  /** Seconds still to wait after this message's own delay before the attempt. */
  waitSeconds: z.number().int().nonnegative(),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

/** Queues the attempt to happen after `delaySeconds` (0: now). */
export async function queueAttempt(message: Omit<DeliveryMessage, 'waitSeconds'>, delaySeconds: number): Promise<void> {
  const step = Math.min(delaySeconds, MAX_QUEUE_DELAY_SECONDS);
  await queueClient().send(
    new SendMessageCommand({
      QueueUrl: webhookQueueConfig().WEBHOOK_QUEUE_URL,
      MessageBody: JSON.stringify({ ...message, waitSeconds: delaySeconds - step } satisfies DeliveryMessage),
      DelaySeconds: step,
    }),
  );
}
