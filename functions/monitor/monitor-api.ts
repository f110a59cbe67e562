/**
 * The admin System Monitor (domain/punchout/monitor.ts): counters and the integration status from
 * real checks, and Run Integration Tests, which tries the partner APIs of every active
 * configuration in-process (a test order is validated and never made), reads the database and
 * validates the configuration, then stores the run.
 */
import { randomUUID } from 'node:crypto';
import {
  configurationProblems,
  credentialWarningOf,
  urlRulesForSite,
  type PunchoutConfiguration,
} from '#domain/punchout/configuration';
import {
  integrationStatus,
  type CheckResult,
  type ConfigurationTestResult,
  type CredentialWarning,
  type IntegrationRun,
  type MonitorAnswer,
} from '#domain/punchout/monitor';
import { partSkuOf } from '#domain/punchout/purchase-order';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { formatCents } from '#domain/pricing/money';
import { staffCaller } from '../lib/caller';
import { config } from '../lib/config';
import { httpHandler, json } from '../lib/http';
import { logger } from '../lib/logger';
import { countOrders } from '../orders/order-lookup-store';
import {
  countActiveConfigurations,
  listActiveConfigurations,
  readConfiguration,
} from '../punchout/configuration-store';
import { currentLockOuts } from '../punchout/guess-limit';
import { countInvoices } from '../punchout/invoice-store';
import { integrateOrder, priceAvailability } from '../punchout/partner-api';
import { countPendingDeadLetters } from './dead-letter-store';
import { lastIntegrationRun, putIntegrationRun } from './integration-run-store';

/** The active configurations' credential warnings (without a secret by staff's consent, or with one that lets nothing in). */
async function credentialWarnings(): Promise<CredentialWarning[]> {
  return (await listActiveConfigurations()).flatMap((configuration) => {
    const warning = credentialWarningOf(configuration);
    return warning
      ? [
          {
            configurationId: configuration.id,
            propertyName: configuration.propertyName,
            accountNumber: configuration.accountNumber,
            warning,
          },
        ]
      : [];
  });
}

/**
 * GET /api/admin/monitor. Every counter is an indexed Query with Select COUNT: all orders (gsi3
 * `ORDERS`), orders awaiting action (gsi2 `ORDERS#processing`: paid or on invoice, to be made and
 * shipped), punch-out invoices (gsi1), active configurations and pending dead letters (gsi2). A test
 * order of the integration tests is never written, so it is in none of them. The punch-out
 * credentials' warnings (the active configurations, gsi2) and the guess limit's lock-outs in force
 * (gsi1) are listed. When the table cannot be read the status is offline and the counters null.
 */
export const getSystemMonitor = httpHandler(async () => {
  try {
    const [
      totalOrders,
      ordersAwaitingAction,
      totalInvoices,
      activeConfigurations,
      pendingDeadLetters,
      lastRun,
      warnings,
      lockOuts,
    ] = await Promise.all([
      countOrders(),
      countOrders('processing'),
      countInvoices(),
      countActiveConfigurations(),
      countPendingDeadLetters(),
      lastIntegrationRun(),
      credentialWarnings(),
      currentLockOuts(new Date()),
    ]);
    const { status, reason } = integrationStatus({ databaseReachable: true, pendingDeadLetters, lastRun });
    return json(200, {
      totalOrders,
      totalInvoices,
      activeConfigurations,
      ordersAwaitingAction,
      integrationStatus: status,
      integrationStatusReason: reason,
      pendingDeadLetters,
      lastIntegrationRun: lastRun && { id: lastRun.id, ranAt: lastRun.ranAt, ok: lastRun.ok },
      credentialWarnings: warnings,
      lockOuts,
    } satisfies MonitorAnswer);
  } catch (error) {
    logger.error('The monitor could not read the table', { error: error as Error });
    const { status, reason } = integrationStatus({ databaseReachable: false, pendingDeadLetters: 0, lastRun: null });
    return json(200, {
      totalOrders: null,
      totalInvoices: null,
      activeConfigurations: null,
      ordersAwaitingAction: null,
      integrationStatus: status,
      integrationStatusReason: reason,
      pendingDeadLetters: null,
      lastIntegrationRun: null,
      credentialWarnings: null,
      lockOuts: null,
    } satisfies MonitorAnswer);
  }
});

/** The spec's fixed sample values: a part every catalogue has (the first family's default colour), one of it. */
const TEST_PRODUCT = defaultConfiguration('faux-wood-blinds');
export const INTEGRATION_TEST_SKU = partSkuOf({
  family: TEST_PRODUCT.family,
  series: TEST_PRODUCT.series,
  colorCode: TEST_PRODUCT.color ?? '',
});

async function check(name: string, run: () => Promise<[boolean, string]>): Promise<CheckResult> {
  try {
    const [ok, detail] = await run();
    return { name, ok, detail };
  } catch (error) {
    logger.error('Integration check failed', { check: name, error: error as Error });
    return { name, ok: false, detail: `Failed: ${(error as Error).message}` };
  }
}

async function testConfiguration(
  configuration: PunchoutConfiguration,
  runId: string,
): Promise<ConfigurationTestResult> {
  let unitPriceCents: number | null = null;
  const checks = [
    await check('Price and availability', async () => {
      const [item] = (await priceAvailability(configuration, [INTEGRATION_TEST_SKU])).items;
      unitPriceCents = item?.unitPriceCents ?? null;
      if (!item || item.unitPriceCents === null) return [false, `${INTEGRATION_TEST_SKU} has no price.`];
      return [
        true,
        `${INTEGRATION_TEST_SKU}: ${formatCents(item.unitPriceCents)}, ${item.available ? 'available' : 'not available'}.`,
      ];
    }),
    await check('Order integration', async () => {
      const answer = await integrateOrder(configuration, {
        orderNumber: `TEST-${runId}`,
        accountNumber: configuration.accountNumber,
        items: [{ sku: INTEGRATION_TEST_SKU, quantity: 1, unitPrice: (unitPriceCents ?? 0) / 100 }],
        test: true,
      });
      if (!answer.accepted) return [false, answer.problems.join(' ')];
      const differences = answer.priceDifferences.length
        ? `, ${answer.priceDifferences.length} price difference(s)`
        : '';
      return [true, `Test order TEST-${runId} accepted (not created)${differences}.`];
    }),
    await check('Database connectivity', async () => {
      const started = Date.now();
      const read = await readConfiguration(configuration.id);
      return read
        ? [true, `Read the configuration back in ${Date.now() - started} ms.`]
        : [false, 'The configuration could not be read back.'];
    }),
    await check('Configuration validation', async () => {
      const problems = configurationProblems(configuration, urlRulesForSite(config().SITE_URL));
      return problems.length
        ? [false, problems.join(' ')]
        : [true, 'Every field is valid, and the credentials let the buyer in.'];
    }),
  ];
  return {
    configurationId: configuration.id,
    propertyName: configuration.propertyName,
    accountNumber: configuration.accountNumber,
    ok: checks.every((result) => result.ok),
    checks,
  };
}

/** POST /api/admin/monitor/integration-tests: the run, with each active configuration's results; stored for the monitor's status. */
export const runIntegrationTests = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const runId = randomUUID();
  const ranAt = new Date().toISOString();
  const configurations = await listActiveConfigurations();
  const results: ConfigurationTestResult[] = [];
  for (const configuration of configurations) results.push(await testConfiguration(configuration, runId));
  const run: IntegrationRun = {
    id: runId,
    ranAt,
    ranBy: caller.userId,
    ok: results.every((result) => result.ok),
    results,
  };
  await putIntegrationRun(run);
  logger.info('Integration tests ran', { runId, configurations: results.length, ok: run.ok });
  return json(200, run);
});
