import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import {
  DefaultDashboardFactory,
  MonitoringFacade,
  SnsAlarmActionStrategy,
  type CustomMetricGroup,
} from 'cdk-monitoring-constructs';
import { Construct, type IConstruct } from 'constructs';
import {
  METRICS_NAMESPACE,
  OPERATIONAL_METRICS,
  PUNCHOUT_ORDERS_METRIC,
  type BusinessMetric,
} from '#events/business-metrics';
import { stagedName, type DeploymentSettings } from './settings';

/** The runbook every alarm's description points to, at the section for that alarm. */
export const RUNBOOK = 'docs/operations.md';

/** A runbook section's link, as an alarm's description gives it. */
export const runbookLink = (section: string) => `${RUNBOOK}#${section}`;

/** CloudWatch takes at most 10 metrics in one alarm's expression. */
const METRICS_PER_ALARM = 10;

/** What every monitored scope needs: where alarms go and how this stage names its dashboards and alarms. */
export interface AlarmRouting {
  topic: ITopic;
  settings: Pick<DeploymentSettings, 'stage'>;
}

/**
 * A facade of cdk-monitoring-constructs in `scope`: its dashboard named `Shop-<name>` (and the
 * stage), its alarms mailing ops through the topic.
 */
export function monitoringFacade(scope: Construct, name: string, routing: AlarmRouting): MonitoringFacade {
  const prefix = stagedName(routing.settings, `Shop-${name}`);
  return new MonitoringFacade(scope, 'Monitoring', {
    metricFactoryDefaults: {},
    alarmFactoryDefaults: {
      actionsEnabled: true,
      alarmNamePrefix: prefix,
      action: new SnsAlarmActionStrategy({ onAlarmTopic: routing.topic }),
    },
    dashboardFactory: new DefaultDashboardFactory(scope, 'Dashboard', {
      dashboardNamePrefix: prefix,
      createDashboard: true,
      createSummaryDashboard: false,
      createAlarmDashboard: false,
    }),
  });
}

/**
 * A context's functions on its dashboard (invocations, latency, errors, throttles of each), and two
 * alarms for the context as a whole: any throttle, and errors (a thrown handler: an event consumer
 * or job that will be retried, or an HTTP handler that failed outside its error handling).
 */
export function monitorContextFunctions(
  parent: Construct,
  context: string,
  functions: readonly IFunction[],
  routing: AlarmRouting,
): void {
  const scope = new Construct(parent, `Monitoring-${context}`);
  const facade = monitoringFacade(scope, context, routing);
  facade.addLargeHeader(`${context}: functions`);
  for (const lambdaFunction of functions) facade.monitorLambdaFunction({ lambdaFunction });

  const alarmName = (what: string, part: number, parts: number) =>
    stagedName(routing.settings, `Shop-${context}-${what}${parts > 1 ? `-${part + 1}` : ''}`);
  const groups = chunks(functions, METRICS_PER_ALARM);
  groups.forEach((group, part) => {
    alarmOn(scope, `ErrorsAlarm${part}`, routing.topic, {
      alarmName: alarmName('lambda-errors', part, groups.length),
      description: `Functions of the ${context} context threw 5 or more times in 5 minutes.`,
      section: 'lambda-errors',
      metric: summed(group.map((fn) => fn.metricErrors({ period: Duration.minutes(5) }))),
      threshold: 5,
    });
    alarmOn(scope, `ThrottlesAlarm${part}`, routing.topic, {
      alarmName: alarmName('lambda-throttles', part, groups.length),
      description: `Functions of the ${context} context were throttled (the account's concurrency is used up).`,
      section: 'lambda-throttles',
      metric: summed(group.map((fn) => fn.metricThrottles({ period: Duration.minutes(5) }))),
      threshold: 1,
    });
  });
}

/** What the registry needs of a ShopFunction (shop-function.ts, which adds itself here). */
interface ContextFunction extends IConstruct {
  readonly context: string;
  readonly fn: IFunction;
}

const registries = new WeakMap<IConstruct, ContextFunctions>();

/**
 * The functions of each bounded context (the folder of functions/ its handler is in), wherever their
 * stack: the HTTP API's stack watches a context's routes together with its event consumers, jobs and
 * WebSocket handlers made before it (`take`), and each stack watches what is left of its own (`rest`).
 */
export class ContextFunctions {
  private readonly byContext = new Map<string, ContextFunction[]>();

  /** The app's registry, which every ShopFunction joins. */
  static of(scope: IConstruct): ContextFunctions {
    const root = scope.node.root;
    let registry = registries.get(root);
    if (!registry) {
      registry = new ContextFunctions();
      registries.set(root, registry);
    }
    return registry;
  }

  add(shopFunction: ContextFunction): void {
    const list = this.byContext.get(shopFunction.context) ?? [];
    list.push(shopFunction);
    this.byContext.set(shopFunction.context, list);
  }

  /** The context's functions added so far, no longer among the rest. */
  take(context: string): IFunction[] {
    const taken = this.byContext.get(context) ?? [];
    this.byContext.delete(context);
    return taken.map((shopFunction) => shopFunction.fn);
  }

  /** What no stack has taken, by context and by the stack the functions are in. */
  rest(): Array<{ context: string; stack: Stack; functions: IFunction[] }> {
    return [...this.byContext].flatMap(([context, shopFunctions]) =>
      [...new Set(shopFunctions.map((shopFunction) => Stack.of(shopFunction)))].map((stack) => ({
        context,
        stack,
        functions: shopFunctions.filter((f) => Stack.of(f) === stack).map((f) => f.fn),
      })),
    );
  }
}

function summed(metrics: IMetric[]): IMetric {
  if (metrics.length === 1) return metrics[0]!;
  return new MathExpression({
    expression: metrics.map((_, i) => `m${i}`).join(' + '),
    usingMetrics: Object.fromEntries(metrics.map((metric, i) => [`m${i}`, metric])),
    period: Duration.minutes(5),
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

interface AlarmSpec {
  alarmName: string;
  description: string;
  /** The runbook's section for this alarm. */
  section: string;
  metric: IMetric;
  threshold: number;
}

/** An alarm at or above its threshold for one 5-minute period, mailing ops; no data is no alarm. */
export function alarmOn(scope: Construct, id: string, topic: ITopic, spec: AlarmSpec): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmName: spec.alarmName,
    alarmDescription: `${spec.description} Runbook: ${runbookLink(spec.section)}`,
    metric: spec.metric,
    threshold: spec.threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  return alarm;
}

const businessMetric = (metricName: BusinessMetric, period = Duration.hours(1)) =>
  new Metric({ namespace: METRICS_NAMESPACE, metricName, statistic: 'Sum', period });

/** Amazon SES reviews an account at a 5% bounce rate and a 0.1% complaint rate, and pauses it at 10% and 0.5%. */
const SES_BOUNCE_RATE_ALARM = 0.05;
const SES_COMPLAINT_RATE_ALARM = 0.001;

export interface OperationsStackProps extends StackProps {
  settings: Pick<DeploymentSettings, 'stage' | 'opsEmail'>;
  table: ITable;
}

/**
 * Where the shop's alarms go and what is watched beyond one context: the alarm topic (mailing
 * `-c opsEmail`), the table's throttles and system errors, flagged payments, refused Stripe webhooks
 * and mails, SES's bounce and complaint rates, and the business dashboard of the counted events
 * (events/business-metrics.ts). Each context's functions and the API are watched in their own stacks
 * (monitorContextFunctions), alarming through this topic.
 */
export class OperationsStack extends Stack {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.alarmTopic = new Topic(this, 'Alarms', {
      displayName: stagedName(settings, 'Hill & Brook Blinds alarms', ' '),
      enforceSSL: true,
    });
    // CloudWatch publishes alarms to the topic; SSE with the AWS-managed key would shut it out.
    this.alarmTopic.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        resources: [this.alarmTopic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    if (settings.opsEmail) this.alarmTopic.addSubscription(new EmailSubscription(settings.opsEmail));

    const routing: AlarmRouting = { topic: this.alarmTopic, settings };
    const facade = monitoringFacade(this, 'business', routing);
    facade.addLargeHeader('The business, counted from its events');
    facade.monitorDynamoTable({
      table: props.table,
      addReadThrottledEventsCountAlarm: {
        Critical: { maxThrottledEventsThreshold: 10, runbookLink: runbookLink('table-throttles') },
      },
      addWriteThrottledEventsCountAlarm: {
        Critical: { maxThrottledEventsThreshold: 10, runbookLink: runbookLink('table-throttles') },
      },
      addSystemErrorCountAlarm: { Critical: { maxErrorCount: 1, runbookLink: runbookLink('table-system-errors') } },
    });
    const group = (title: string, names: readonly BusinessMetric[]): CustomMetricGroup => ({
      title,
      metrics: names.map((name) => businessMetric(name)),
    });
    facade.monitorCustom({
      alarmFriendlyName: 'Business',
      humanReadableName: 'Orders, service and trade',
      metricGroups: [
        group('Orders', ['OrdersPlaced', 'OrdersPaid', 'PaymentsFailed', 'PaymentsFlagged', 'CheckoutFailures']),
        group('Service', [
          'ChatsStarted',
          'ChatsWithNobodyOnline',
          'AppointmentsBooked',
          'SampleRequests',
          'ReturnsRequested',
        ]),
        group('Trade', ['PunchoutSetups', 'PunchoutCartsReturned', PUNCHOUT_ORDERS_METRIC]),
        group('Refused', ['PaymentWebhooksRefused', 'WebhookDeliveriesFailed', 'MailsRefused']),
      ],
    });

    const alarm = (alarmId: string, spec: Omit<AlarmSpec, 'alarmName'> & { name: string }) =>
      alarmOn(this, alarmId, this.alarmTopic, { ...spec, alarmName: stagedName(settings, `Shop-${spec.name}`) });
    alarm('PaymentsFlaggedAlarm', {
      name: 'payments-flagged',
      description: 'A payment did not match its order (amount or currency): the order waits for staff.',
      section: 'payments-flagged',
      metric: businessMetric('PaymentsFlagged', Duration.minutes(5)),
      threshold: 1,
    });
    alarm('PaymentWebhooksRefusedAlarm', {
      name: 'payment-webhooks-refused',
      description: 'Five or more Stripe webhooks in 5 minutes had a signature the shop refused.',
      section: 'payment-webhooks-refused',
      metric: businessMetric(OPERATIONAL_METRICS.paymentWebhookRefused, Duration.minutes(5)),
      threshold: 5,
    });
    alarm('WebhookDeliveriesFailedAlarm', {
      name: 'webhook-deliveries-failed',
      description: "A webhook delivery to a customer's receiver used up its attempts.",
      section: 'webhook-deliveries-failed',
      metric: businessMetric(OPERATIONAL_METRICS.webhookDeliveryFailed, Duration.minutes(5)),
      threshold: 1,
    });
    alarm('MailsRefusedAlarm', {
      name: 'mails-refused',
      description: 'SES refused to send a mail.',
      section: 'mails-refused',
      metric: businessMetric(OPERATIONAL_METRICS.mailRefused, Duration.minutes(5)),
      threshold: 1,
    });
    const sesReputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    alarm('SesBounceRateAlarm', {
      name: 'ses-bounce-rate',
      description: `The account's SES bounce rate reached ${SES_BOUNCE_RATE_ALARM * 100}% (SES pauses sending at 10%).`,
      section: 'ses-reputation',
      metric: sesReputation('Reputation.BounceRate'),
      threshold: SES_BOUNCE_RATE_ALARM,
    });
    alarm('SesComplaintRateAlarm', {
      name: 'ses-complaint-rate',
      description: `The account's SES complaint rate reached ${SES_COMPLAINT_RATE_ALARM * 100}% (SES pauses sending at 0.5%).`,
      section: 'ses-reputation',
      metric: sesReputation('Reputation.ComplaintRate'),
      threshold: SES_COMPLAINT_RATE_ALARM,
    });
  }
}
