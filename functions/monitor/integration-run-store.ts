/**
 * The System Monitor's integration test runs in the table (see functions/lib/table/README.md): one
 * item per run with each configuration's results, listed newest first through gsi1.
 */
import type { IntegrationRun } from '#domain/punchout/monitor';
import { putItem, queryPage, recordOf } from '../lib/table/items';
import { INTEGRATION_RUNS_PARTITION, integrationTestRunKeys } from '../lib/table/keys/monitor';

export async function putIntegrationRun(run: IntegrationRun): Promise<void> {
  await putItem({ Item: { ...integrationTestRunKeys(run.id, run.ranAt), entity: 'integrationRun', ...run } });
}

/** The run shown on the monitor: the newest (Query gsi1 `INTEGRATION_RUNS`, ScanIndexForward false, Limit 1). */
export async function lastIntegrationRun(): Promise<IntegrationRun | null> {
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': INTEGRATION_RUNS_PARTITION },
    ScanIndexForward: false,
    Limit: 1,
  });
  return items[0] ? recordOf<IntegrationRun>(items[0]) : null;
}
