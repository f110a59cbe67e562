/**
 * Failed event deliveries (dead letters), listed in the System Monitor with a retry
 * (docs/decisions/0019). A retry invokes the consumer's own function, asynchronously, with the very
 * event that failed: its id unchanged, so the consumer's idempotency still makes one effect, and no
 * other consumer of the event receives it again (re-publishing would give it a new id and deliver
 * it to every consumer).
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { DeadLetter, FailedEvent } from '#domain/punchout/monitor';
import { lambdaClient } from '../lib/aws-clients';
import { staffCaller } from '../lib/caller';
import { deadLetterConfig } from '../lib/config';
import { HttpError, httpHandler, json } from '../lib/http';
import { logger } from '../lib/logger';
import {
  type FailedDelivery,
  listDeadLetters,
  markRetried,
  readDeadLetter,
  recordDeadLetter,
} from './dead-letter-store';

/** GET /api/admin/dead-letters: `{ deadLetters }`, newest first. */
export const listDeadLettersForStaff = httpHandler(async () => {
  return json(200, { deadLetters: await listDeadLetters() });
});

/** POST /api/admin/dead-letters/{id}/retry: 202 the dead letter marked retried; 409 when it was retried already. */
export const retryDeadLetter = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const deadLetter = await readDeadLetter(event.pathParameters?.deadLetterId ?? '');
  if (!deadLetter) throw new HttpError(404, 'This failed delivery no longer exists.');
  if (deadLetter.retriedAt) throw new HttpError(409, 'This failed delivery was retried already.');
  if (!deadLetter.target)
    throw new HttpError(409, 'This failed delivery is not an event delivery and cannot be retried from here.');
  await lambdaClient().send(
    new InvokeCommand({
      FunctionName: deadLetter.target,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(deadLetter.event)),
    }),
  );
  const at = new Date();
  if (!(await markRetried(deadLetter, caller.userId, at)))
    throw new HttpError(409, 'This failed delivery was retried already.');
  logger.info('Dead letter retried', {
    deadLetterId: deadLetter.id,
    consumerId: deadLetter.consumerId,
    eventId: deadLetter.eventId,
  });
  return json(202, { ...deadLetter, retriedAt: at.toISOString(), retriedBy: caller.userId } satisfies DeadLetter);
});

/** A Lambda asynchronous invocation's on-failure record (the consumer ran and failed every attempt). */
interface InvocationFailure {
  requestContext: { functionArn: string; condition: string; approximateInvokeCount?: number };
  requestPayload: FailedEvent;
  responsePayload?: { errorType?: string; errorMessage?: string } | null;
}

/**
 * The dead-letter queue's consumer (SQS event source): records each failed delivery. Two senders
 * use the queue: Lambda's on-failure destination of each consumer (the function ran and failed;
 * the body is the invocation record) and EventBridge's target dead-letter queue (the function could
 * not be invoked; the body is the event, the target in the message attributes).
 */
export async function recordFromQueue(batch: SQSEvent): Promise<void> {
  for (const record of batch.Records) await recordDeadLetter(failedDeliveryOf(record));
}

function failedDeliveryOf(record: SQSRecord): FailedDelivery {
  const body = JSON.parse(record.body) as Record<string, unknown>;
  const failedAt = new Date(Number(record.attributes.SentTimestamp) || Date.now()).toISOString();
  if ('requestContext' in body && 'requestPayload' in body) {
    const failure = body as unknown as InvocationFailure;
    const event = failure.requestPayload;
    const target = unqualified(failure.requestContext.functionArn);
    const error = failure.responsePayload?.errorMessage ?? failure.requestContext.condition;
    return {
      eventId: event.id,
      eventType: event['detail-type'],
      consumerId: consumerIdOf(target),
      target,
      error,
      failedAt,
      event,
    };
  }
  const targetArn = record.messageAttributes.TARGET_ARN?.stringValue;
  if (!targetArn || typeof body.id !== 'string') {
    // Another queue's message redriven here (a webhook delivery its handler kept failing on): kept for
    // staff to see, with no function a retry could invoke.
    const event: FailedEvent = {
      id: record.messageId,
      'detail-type': 'Queue message',
      source: record.eventSourceARN,
      time: failedAt,
      detail: body,
    };
    return {
      eventId: record.messageId,
      eventType: event['detail-type'],
      consumerId: record.eventSourceARN,
      target: '',
      error: 'Its handler failed on every receive',
      failedAt,
      event,
    };
  }
  const event = body as unknown as FailedEvent;
  const target = unqualified(targetArn);
  const error = [record.messageAttributes.ERROR_CODE?.stringValue, record.messageAttributes.ERROR_MESSAGE?.stringValue]
    .filter(Boolean)
    .join(': ');
  return {
    eventId: event.id,
    eventType: event['detail-type'],
    consumerId: consumerIdOf(target),
    target,
    error: error || 'Not delivered',
    failedAt,
    event,
  };
}

/** A function ARN without its version or alias (`…:function:name:$LATEST`). */
function unqualified(functionArn: string): string {
  return functionArn.split(':').slice(0, 7).join(':');
}

function consumerIdOf(functionArn: string): string {
  const name = functionArn.split(':')[6] ?? functionArn;
  return deadLetterConfig().DEAD_LETTER_TARGETS.find(([functionName]) => functionName === name)?.[1] ?? name;
}
