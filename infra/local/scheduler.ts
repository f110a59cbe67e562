import { randomUUID } from 'node:crypto';
import type { ScheduledJob } from '../../functions/schedules';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './local-aws';

/** The event an EventBridge schedule rule gives its Lambda; `time` is when the run was due. */
export interface ScheduledEvent {
  version: '0';
  id: string;
  'detail-type': 'Scheduled Event';
  source: 'aws.events';
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, never>;
}

export interface LocalSchedulerOptions {
  jobs: readonly ScheduledJob[];
  invoke: (job: ScheduledJob, event: ScheduledEvent) => Promise<unknown>;
  /** Tests: every job every this many ms instead of its rate. */
  intervalMs?: number;
}

export interface LocalScheduler {
  /** Runs a job now with `time` as its clock (tests inject the clock this way); resolves with its result. */
  run(jobId: string, time: Date): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The stand-in for EventBridge schedule rules: one timer per job. A run still going when the next
 * is due is not doubled (Lambda would run them concurrently; the jobs cope, but locally it only
 * adds noise). A failed run is logged and the next tick tries again, as the next schedule would.
 */
export function startLocalScheduler(options: LocalSchedulerOptions): LocalScheduler {
  const running = new Map<string, Promise<unknown>>();
  const byId = new Map(options.jobs.map((job) => [job.id, job]));

  const run = (job: ScheduledJob, time: Date): Promise<unknown> => {
    const event: ScheduledEvent = {
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: LOCAL_ACCOUNT_ID,
      time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: LOCAL_REGION,
      resources: [`arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:rule/${job.id}`],
      detail: {},
    };
    const result = options.invoke(job, event);
    running.set(job.id, result);
    void result.catch(() => undefined).finally(() => running.delete(job.id));
    return result;
  };

  const timers = options.jobs.map((job) =>
    setInterval(
      () => {
        if (running.has(job.id)) return;
        run(job, new Date()).catch((error: unknown) => console.error(`[local] scheduled job ${job.id} failed:`, error));
      },
      options.intervalMs ?? job.rateMinutes * 60_000,
    ),
  );

  return {
    run(jobId, time) {
      const job = byId.get(jobId);
      if (!job) return Promise.reject(new Error(`No scheduled job ${jobId}`));
      return run(job, time);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}
