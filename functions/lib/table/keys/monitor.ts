/**
 * The table's keys of the System Monitor's integration test runs and dead letters
 * (functions/monitor); see ../README.md.
 */

/** One run of the System Monitor's integration tests, listed newest first through gsi1. */
export function integrationTestRunKeys(runId: string, ranAt: string) {
  return { pk: `INTEGRATION_RUN#${runId}`, sk: 'RUN', gsi1pk: INTEGRATION_RUNS_PARTITION, gsi1sk: `${ranAt}#${runId}` };
}

export const INTEGRATION_RUNS_PARTITION = 'INTEGRATION_RUNS';

/**
 * A failed event delivery (a dead letter), one per event and consumer, listed newest first through
 * gsi1; until retried in the sparse pending partition of gsi2 (the monitor's status counts it).
 */
export function deadLetterKeys(deadLetterId: string) {
  return { pk: `DEAD_LETTER#${deadLetterId}`, sk: 'DEAD_LETTER' };
}

export const DEAD_LETTERS_PARTITION = 'DEAD_LETTERS';
export const PENDING_DEAD_LETTERS_PARTITION = 'DEAD_LETTERS#pending';

export function deadLetterIndexKeys(failedAt: string, deadLetterId: string) {
  return { gsi1pk: DEAD_LETTERS_PARTITION, gsi1sk: `${failedAt}#${deadLetterId}` };
}

export function pendingDeadLetterIndexKeys(failedAt: string, deadLetterId: string) {
  return { gsi2pk: PENDING_DEAD_LETTERS_PARTITION, gsi2sk: `${failedAt}#${deadLetterId}` };
}
