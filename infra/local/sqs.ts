import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QueueConsumer } from '../../functions/queues';
import { readBody, sendJson } from './http-util';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './local-aws';

/** The record a Lambda function gets from an SQS event source mapping. */
export interface QueueRecord {
  messageId: string;
  receiptHandle: string;
  body: string;
  attributes: {
    ApproximateReceiveCount: string;
    SentTimestamp: string;
    SenderId: string;
    ApproximateFirstReceiveTimestamp: string;
  };
  messageAttributes: Record<string, never>;
  md5OfBody: string;
  eventSource: 'aws:sqs';
  eventSourceARN: string;
  awsRegion: string;
}

interface HeldMessage {
  id: string;
  body: string;
  sentAt: number;
  /** On the queue's clock. */
  visibleAt: number;
  receiveCount: number;
}

/** SQS's limits: a message's delay, and how often a mapping hands a failing message over before its redrive (the CDK's maxReceiveCount). */
const MAX_DELAY_SECONDS = 900;
const MAX_RECEIVE_COUNT = 5;
/** How often the queue looks for messages that became visible. */
const POLL_MS = 25;

export interface LocalQueueOptions {
  consumer: QueueConsumer;
  invoke: (consumer: QueueConsumer, event: { Records: QueueRecord[] }) => Promise<unknown>;
}

/**
 * The stand-in for one SQS queue and its event source mapping (batch size 1): messages wait out
 * their DelaySeconds, then each is handed to the consumer on its own, concurrently with the others;
 * a message whose handler throws becomes visible again after the visibility time-out, and after
 * MAX_RECEIVE_COUNT receives joins `deadLetters`. Time is the queue's clock: the real clock plus
 * whatever tests advanced it by (POST /_local/queues/clock), so a day of webhook retries takes a
 * test a few requests.
 */
export class LocalQueue {
  readonly url: string;
  readonly arn: string;
  readonly deadLetters: Array<{ body: string; error: string }> = [];
  private offsetMs = 0;
  private readonly held: HeldMessage[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly options: LocalQueueOptions,
    origin: string,
  ) {
    this.url = localQueueUrl(origin, options.consumer);
    this.arn = `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${options.consumer.queueName}`;
    this.timer = setInterval(() => this.handOver(), POLL_MS);
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves the queue's clock forward and hands over what became visible. */
  advance(ms: number): void {
    this.offsetMs += ms;
    this.handOver();
  }

  /** Messages waiting (delayed or to be retried) and being handled. */
  get depth(): { waiting: number; inFlight: number } {
    return { waiting: this.held.length, inFlight: this.inFlight.size };
  }

  send(body: string, delaySeconds: number): string {
    const id = randomUUID();
    const now = this.now();
    this.held.push({ id, body, sentAt: now, visibleAt: now + delaySeconds * 1000, receiveCount: 0 });
    return id;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private handOver(): void {
    const now = this.now();
    for (let index = this.held.length - 1; index >= 0; index--) {
      const message = this.held[index]!;
      if (message.visibleAt > now) continue;
      this.held.splice(index, 1);
      const handling = this.handle(message, now);
      this.inFlight.add(handling);
      void handling.finally(() => this.inFlight.delete(handling));
    }
  }

  private async handle(message: HeldMessage, now: number): Promise<void> {
    message.receiveCount += 1;
    const record: QueueRecord = {
      messageId: message.id,
      receiptHandle: randomUUID(),
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: LOCAL_ACCOUNT_ID,
        ApproximateFirstReceiveTimestamp: String(now),
      },
      messageAttributes: {},
      md5OfBody: md5(message.body),
      eventSource: 'aws:sqs',
      eventSourceARN: this.arn,
      awsRegion: LOCAL_REGION,
    };
    try {
      await this.options.invoke(this.options.consumer, { Records: [record] });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (message.receiveCount >= MAX_RECEIVE_COUNT) this.deadLetters.push({ body: message.body, error: reason });
      else this.held.push({ ...message, visibleAt: this.now() + this.options.consumer.timeoutSeconds * 6 * 1000 });
    }
  }
}

/** A queue's URL on the internal listener, as SQS names one: …/<account>/<queue name>. */
export function localQueueUrl(origin: string, consumer: QueueConsumer): string {
  return `${origin}/sqs/${LOCAL_ACCOUNT_ID}/${consumer.queueName}`;
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

const JSON_10 = 'application/x-amz-json-1.0';

/** SQS's AWS JSON 1.0 protocol (SendMessage) in front of the local queues, for @aws-sdk/client-sqs (AWS_ENDPOINT_URL_SQS). */
export function createSqsEndpoint(queues: LocalQueue[]) {
  const error = (res: ServerResponse, type: string, message: string) =>
    sendJson(res, 400, { __type: `com.amazonaws.sqs#${type}`, message }, { 'content-type': JSON_10 });
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.headers['x-amz-target'];
    let input: { QueueUrl?: string; MessageBody?: string; DelaySeconds?: number };
    try {
      input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as typeof input;
    } catch {
      return error(res, 'InvalidParameterValue', 'Request body is not valid JSON');
    }
    if (req.method !== 'POST' || target !== 'AmazonSQS.SendMessage')
      return error(res, 'UnsupportedOperation', `Operation ${String(target)} is not supported locally`);
    const queue = queues.find((candidate) => candidate.url === input.QueueUrl);
    if (!queue) return error(res, 'QueueDoesNotExist', 'The specified queue does not exist.');
    const delay = input.DelaySeconds ?? 0;
    if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS)
      return error(res, 'InvalidParameterValue', `DelaySeconds must be 0 to ${MAX_DELAY_SECONDS}`);
    if (typeof input.MessageBody !== 'string' || input.MessageBody === '')
      return error(res, 'MissingParameter', 'MessageBody is required');
    const id = queue.send(input.MessageBody, delay);
    sendJson(res, 200, { MessageId: id, MD5OfMessageBody: md5(input.MessageBody) }, { 'content-type': JSON_10 });
  };
}
