import { vi } from 'vitest';
import type { LocalStack, LocalStackOptions } from '../../infra/local/stack';

/**
 * A local stack a test file starts for itself beside the run's shared one. Its handlers run in this
 * process and take their settings and AWS clients from process.env when their modules load, while
 * the integration files of a worker share one module graph (vitest.config.ts): so the stack starts
 * in a graph of its own, and stopping it gives the next file the environment and a fresh graph back.
 */
export async function startStackOfItsOwn(options: LocalStackOptions): Promise<LocalStack> {
  const environmentBefore = { ...process.env };
  vi.resetModules();
  const { startLocalStack } = await import('../../infra/local/stack');
  const stack = await startLocalStack(options);
  return {
    ...stack,
    async stop() {
      await stack.stop();
      for (const name of Object.keys(process.env)) if (!(name in environmentBefore)) delete process.env[name];
      Object.assign(process.env, environmentBefore);
      vi.resetModules();
    },
  };
}
