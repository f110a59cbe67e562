import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Keeps a stand-in's child process in check: its output is kept for error messages (and drained,
 * so a full pipe never blocks it), and it dies with this process, even when this process crashes.
 */
export function superviseChild(child: ChildProcess, name: string) {
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const process of running) process.kill('SIGKILL');
    });
  }

  return {
    output: () => output.join(''),
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    failure: () => new Error(`${name} stopped unexpectedly:\n${output.join('').slice(-2000)}`),
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type SupervisedChild = ReturnType<typeof superviseChild>;

/** Polls until `ready` resolves true; fails early when the child died or after the time limit. */
export async function waitUntilReady(
  child: SupervisedChild,
  name: string,
  ready: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.hasExited()) throw child.failure();
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer within ${timeoutMs / 1000} s:\n${child.output().slice(-2000)}`);
}
