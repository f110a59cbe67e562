import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, eventCatalog } from '../../events/catalog';
import { scheduledJobs } from '../../functions/schedules';
import { ShopFunction, type ShopResources } from './shop-function';
import { acknowledge } from './nag';

export const EVENT_BUS_NAME = 'shop-events';

export interface EventsStackProps extends StackProps {
  resources: Omit<ShopResources, 'bus' | 'webSocket'>;
}

/**
 * The event bus and, for every consumer of every event in events/catalog.ts, its function and one
 * rule; for every scheduled job of functions/schedules.ts, its function and a schedule rule (on the
 * account's default bus, where schedules live). Failed deliveries are retried, then land in a
 * dead-letter queue watched by an alarm.
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);

    this.bus = new EventBus(this, 'Bus', { eventBusName: EVENT_BUS_NAME });

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetters, {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the event rules.',
    });

    new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription: 'Event deliveries failed after all retries; see the admin system monitor.',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const resources: ShopResources = { ...props.resources, bus: this.bus };
    for (const event of eventCatalog) {
      for (const consumer of event.consumers) {
        const { fn } = new ShopFunction(this, consumer.id, {
          handler: consumer.handler,
          grants: consumer.grants,
          resources,
          timeout: Duration.minutes(1),
          description: `${event.name} → ${consumer.id}`,
        });
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
  }
}
