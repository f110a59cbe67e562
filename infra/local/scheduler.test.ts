import { describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../functions/schedules';
import { type ScheduledEvent, startLocalScheduler } from './scheduler';

const job: ScheduledJob = {
  id: 'Tick',
  description: 'test job',
  rateMinutes: 15,
  handler: { file: 'unused.ts', export: 'handler' },
  grants: [],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('local scheduler', () => {
  it('runs each job on its timer until stopped', async () => {
    const runs: ScheduledEvent[] = [];
    const scheduler = startLocalScheduler({
      jobs: [job],
      intervalMs: 10,
      invoke: async (_job, event) => void runs.push(event),
    });
    await sleep(60);
    await scheduler.stop();
    const counted = runs.length;
    expect(counted).toBeGreaterThanOrEqual(2);
    expect(runs[0]).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.events' });
    await sleep(40);
    expect(runs).toHaveLength(counted);
  });

  it('runs a job on demand with the clock it is given, as EventBridge sets `time`', async () => {
    const scheduler = startLocalScheduler({ jobs: [job], invoke: async (_job, event) => ({ at: event.time }) });
    expect(await scheduler.run('Tick', new Date('2026-01-02T03:04:05.678Z'))).toEqual({ at: '2026-01-02T03:04:05Z' });
    await expect(scheduler.run('Missing', new Date())).rejects.toThrow('No scheduled job Missing');
    await scheduler.stop();
  });

  it('does not start a run while the previous one of the same job is still going', async () => {
    let concurrent = 0;
    let most = 0;
    const scheduler = startLocalScheduler({
      jobs: [job],
      intervalMs: 5,
      invoke: async () => {
        concurrent += 1;
        most = Math.max(most, concurrent);
        await sleep(30);
        concurrent -= 1;
      },
    });
    await sleep(80);
    await scheduler.stop();
    expect(most).toBe(1);
  });
});
