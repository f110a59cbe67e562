import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the local stack the integration tests run against. */
    baseUrl: string;
    /** The environment its handlers run with (table name, endpoints, user pool ids…). */
    localEnv: Record<string, string>;
    /** The seeded staff account (admin group) in the local user pool. */
    staffAccount: { email: string; password: string };
    /** The key of the stack's tools under /_local; tests call them through tests/support/local-tools.ts. */
    localToolsKey: string;
  }
}

/**
 * One local stack for the whole integration run: in-memory data, no SPA, a free port, on 127.0.0.1,
 * which takes the connections tests send from other loopback addresses (tests/support/client-address.ts).
 */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({
    host: '127.0.0.1',
    port: 0,
    inMemory: true,
    serveSpa: false,
    busRetryDelaysMs: [100, 200],
    measurePopupAutoShow: false,
  });
  project.provide('baseUrl', stack.url);
  project.provide('localEnv', stack.env);
  project.provide('staffAccount', stack.staffAccount);
  project.provide('localToolsKey', stack.localToolsKey);
  return () => stack.stop();
}
