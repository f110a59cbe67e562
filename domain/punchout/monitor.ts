/**
 * The admin System Monitor (domain/punchout/README.md): its counters, the integration status
 * derived from real checks, the integration tests' results per configuration, Test Configuration's
 * steps, the failed event deliveries (dead letters) staff may retry, and the punch-out credentials'
 * warnings and lock-outs.
 */

/** One check of Test Configuration or of an integration test: what was tried, whether it passed, and what happened. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** POST /api/admin/punchout/configurations/{configId}/test */
export interface ConfigurationTestAnswer {
  ok: boolean;
  steps: CheckResult[];
}

/** Test Configuration's steps, in order: a step after a failed one is not run. */
export const CONFIGURATION_TEST_STEPS = [
  'Configuration valid',
  'Request built',
  'Endpoint answered',
  'Status 200',
  'StartPage URL present and well-formed',
] as const;

export const NOT_RUN_DETAIL = 'Not run: an earlier step failed.';

/** Every step's answer: the ones given, then the rest as not run. */
export function configurationTestAnswer(ran: CheckResult[]): ConfigurationTestAnswer {
  const steps = [
    ...ran,
    ...CONFIGURATION_TEST_STEPS.slice(ran.length).map((name) => ({ name, ok: false, detail: NOT_RUN_DETAIL })),
  ];
  return { ok: steps.every((step) => step.ok), steps };
}

/** The integration tests the System Monitor runs for each active configuration (the tab lists them). */
export const INTEGRATION_CHECKS = [
  'Price and availability',
  'Order integration',
  'Database connectivity',
  'Configuration validation',
] as const;

export interface ConfigurationTestResult {
  configurationId: string;
  propertyName: string;
  accountNumber: string;
  ok: boolean;
  checks: CheckResult[];
}

/** One run of Run Integration Tests, as stored and answered. `ok` is false when any check of any configuration failed. */
export interface IntegrationRun {
  id: string;
  ranAt: string;
  ranBy: string;
  ok: boolean;
  results: ConfigurationTestResult[];
}

export type IntegrationStatus = 'online' | 'degraded' | 'offline';

/** An active configuration whose credentials staff must know about (`credentialWarningOf`): going without a secret, or a secret that lets nothing in. */
export interface CredentialWarning {
  configurationId: string;
  propertyName: string;
  accountNumber: string;
  warning: string;
}

/**
 * A lock-out of the punch-out guess limit (docs/decisions/0035): a client address, or a
 * configuration's identity, refused with 429 until `lockedUntil` after `failures` failed checks.
 */
export interface LockOut {
  kind: 'clientAddress' | 'identity';
  /** The address (an IPv6 address's /64), or the identity. */
  subject: string;
  /** The identity's property; null for an address. */
  propertyName: string | null;
  failures: number;
  lockedAt: string;
  lockedUntil: string;
}

/** GET /api/admin/monitor. A counter is null when the database could not be read. */
export interface MonitorAnswer {
  totalOrders: number | null;
  totalInvoices: number | null;
  activeConfigurations: number | null;
  /** Orders paid (or on invoice) and not yet shipped: staff must make and ship them. */
  ordersAwaitingAction: number | null;
  integrationStatus: IntegrationStatus;
  integrationStatusReason: string;
  pendingDeadLetters: number | null;
  lastIntegrationRun: Pick<IntegrationRun, 'id' | 'ranAt' | 'ok'> | null;
  credentialWarnings: CredentialWarning[] | null;
  lockOuts: LockOut[] | null;
}

export interface StatusFacts {
  databaseReachable: boolean;
  pendingDeadLetters: number;
  lastRun: Pick<IntegrationRun, 'ranAt' | 'ok'> | null;
}

/**
 * Offline when the database cannot be read (nothing works); degraded when the last integration test
 * run failed or event deliveries failed and wait for a retry; online otherwise. The reason says which.
 */
export function integrationStatus(facts: StatusFacts): { status: IntegrationStatus; reason: string } {
  if (!facts.databaseReachable) return { status: 'offline', reason: 'The database cannot be reached.' };
  const problems: string[] = [];
  if (facts.lastRun && !facts.lastRun.ok)
    problems.push(`the last integration test run (${facts.lastRun.ranAt}) failed`);
  if (facts.pendingDeadLetters > 0) {
    problems.push(
      `${facts.pendingDeadLetters} failed event deliver${facts.pendingDeadLetters === 1 ? 'y waits' : 'ies wait'} for a retry`,
    );
  }
  if (problems.length > 0) return { status: 'degraded', reason: `${capitalised(problems.join(' and '))}.` };
  const lastRun = facts.lastRun
    ? `the last integration test run (${facts.lastRun.ranAt}) passed`
    : 'no integration test run yet';
  return { status: 'online', reason: `Database reachable, no failed event deliveries, ${lastRun}.` };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface FailedEvent {
  id: string;
  'detail-type': string;
  source: string;
  time: string;
  detail: unknown;
}

/** A failed event delivery, as recorded from the event rules' dead-letter queue (or the local bus) and listed for staff. */
export interface DeadLetter {
  id: string;
  eventId: string;
  eventType: string;
  /** The consumer (events/catalog.ts) or scheduled job (functions/schedules.ts) whose delivery failed. */
  consumerId: string;
  /** What a retry invokes: the consumer's function (its ARN on AWS, its id on the local stack). */
  target: string;
  error: string;
  failedAt: string;
  /** Set by a retry; a delivery that fails again is recorded again and waits once more. */
  retriedAt: string | null;
  retriedBy: string | null;
  /** The EventBridge event as the consumer receives it (with its other envelope fields). */
  event: FailedEvent;
}
