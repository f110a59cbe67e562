import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, eventCatalog, multiEventConsumers } from '#events/catalog';
import { queueConsumers } from '../../functions/queues';
import { scheduledJobs } from '../../functions/schedules';
import { ShopFunction, type ShopResources } from './shop-function';
import { alarmOn, type AlarmRouting } from './monitoring';
import { acknowledge } from './nag';
import { stagedName } from './settings';

export const EVENT_BUS_NAME = 'shop-events';

export interface EventsStackProps extends StackProps {
  resources: Omit<ShopResources, 'bus' | 'webSocket'>;
  alarms: AlarmRouting;
}

/**
 * The event bus and, for every consumer of every event in events/catalog.ts, its function and one
 * rule; for every scheduled job of functions/schedules.ts, its function and a schedule rule (on the
 * account's default bus, where schedules live). Failed deliveries are retried, then land in a
 * dead-letter queue watched by an alarm: an event EventBridge could not hand to the function (the
 * rule target's dead-letter queue) and an event the function failed on every attempt (its
 * asynchronous invocation's on-failure destination). A small function records each one in the table,
 * where the System Monitor lists them for staff to retry (docs/decisions/0019).
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  readonly deadLetters: Queue;
  readonly webhookQueue: Queue;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);

    const { settings } = props.resources;
    this.bus = new EventBus(this, 'Bus', { eventBusName: stagedName(settings, EVENT_BUS_NAME) });

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetters, {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the event rules.',
    });

    // Received, not visible: the recorder below takes each dead letter off the queue within seconds.
    alarmOn(this, 'DeadLettersAlarm', props.alarms.topic, {
      alarmName: stagedName(settings, 'Shop-dead-letters'),
      description: 'Event deliveries failed after all retries; the admin System Monitor lists them to retry.',
      section: 'dead-letters',
      metric: this.deadLetters.metricNumberOfMessagesReceived({ period: Duration.minutes(5) }),
      threshold: 1,
    });

    // Webhook deliveries, one message per attempt (functions/queues.ts, docs/decisions/0020). A message
    // whose handler keeps failing (not a receiver's failure: those are retried by the handler) ends
    // with the other dead letters.
    const [webhookConsumer] = queueConsumers;
    this.webhookQueue = new Queue(this, 'WebhookDeliveries', {
      queueName: stagedName(settings, webhookConsumer!.queueName),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(webhookConsumer!.timeoutSeconds * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 5 },
    });

    const resources: ShopResources = { ...props.resources, bus: this.bus, webhookQueue: this.webhookQueue };
    const deliveryFailed = new SqsDestination(this.deadLetters);
    /** [function name, consumer or job id]: a failed delivery names only the function. */
    const targets: Array<[string, string]> = [];
    for (const queueConsumer of queueConsumers) {
      const { fn } = new ShopFunction(this, queueConsumer.id, {
        handler: queueConsumer.handler,
        grants: queueConsumer.grants,
        resources,
        timeout: Duration.seconds(queueConsumer.timeoutSeconds),
        description: queueConsumer.description,
      });
      // One message per invocation: a receiver that takes its whole 10 s holds up no other delivery.
      fn.addEventSource(new SqsEventSource(this.webhookQueue, { batchSize: 1 }));
    }

    for (const consumer of multiEventConsumers) {
      const { fn } = new ShopFunction(this, consumer.id, {
        handler: consumer.handler,
        grants: consumer.grants,
        resources,
        timeout: Duration.minutes(1),
        description: `${consumer.events.length} events → ${consumer.id}`,
      });
      fn.configureAsyncInvoke({ onFailure: deliveryFailed, retryAttempts: 2 });
      targets.push([fn.functionName, consumer.id]);
      new Rule(this, `${consumer.id}Rule`, {
        eventBus: this.bus,
        description: `Delivers ${consumer.events.join(', ')} to ${consumer.id}`,
        eventPattern: { source: [EVENT_SOURCE], detailType: [...consumer.events] },
        targets: [
          new LambdaFunction(fn, {
            retryAttempts: 8,
            maxEventAge: Duration.hours(24),
            deadLetterQueue: this.deadLetters,
          }),
        ],
      });
    }
    for (const event of eventCatalog) {
      for (const consumer of event.consumers) {
        const { fn } = new ShopFunction(this, consumer.id, {
          handler: consumer.handler,
          grants: consumer.grants,
          resources,
          timeout: Duration.minutes(1),
          description: `${event.name} → ${consumer.id}`,
        });
        fn.configureAsyncInvoke({ onFailure: deliveryFailed, retryAttempts: 2 });
        targets.push([fn.functionName, consumer.id]);
        new Rule(this, `${consumer.id}Rule`, {
          eventBus: this.bus,
          description: `Delivers ${event.name} to ${consumer.id}`,
          eventPattern: { source: [EVENT_SOURCE], detailType: [event.name] },
          targets: [
            new LambdaFunction(fn, {
              retryAttempts: 8,
              maxEventAge: Duration.hours(24),
              deadLetterQueue: this.deadLetters,
            }),
          ],
        });
      }
    }

    for (const job of scheduledJobs) {
      const { fn } = new ShopFunction(this, job.id, {
        handler: job.handler,
        grants: job.grants,
        resources,
        timeout: Duration.minutes(5),
        description: `Every ${job.rateMinutes} min: ${job.description}`,
      });
      targets.push([fn.functionName, job.id]);
      new Rule(this, `${job.id}Schedule`, {
        description: `Runs ${job.id} every ${job.rateMinutes} minutes`,
        schedule: Schedule.rate(Duration.minutes(job.rateMinutes)),
        // Retries stop when the next run is due; a run that kept failing lands with the dead letters (alarm).
        targets: [
          new LambdaFunction(fn, {
            retryAttempts: 2,
            maxEventAge: Duration.minutes(job.rateMinutes),
            deadLetterQueue: this.deadLetters,
          }),
        ],
      });
    }

    const { fn: recorder } = new ShopFunction(this, 'RecordDeadLetters', {
      handler: { file: 'functions/monitor/dead-letters.ts', export: 'recordFromQueue' },
      grants: ['table:write'],
      resources,
      timeout: Duration.seconds(30),
      description: 'Records each failed event delivery for the System Monitor',
    });
    recorder.addEnvironment('DEAD_LETTER_TARGETS', this.toJsonString(targets));
    recorder.addEventSource(new SqsEventSource(this.deadLetters, { batchSize: 10 }));
  }
}
