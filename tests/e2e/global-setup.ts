import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The seeded staff account (admin group) in the local user pool. */
    staffAccount: { email: string; password: string };
  }
}

/** The built SPA (built here when frontend/dist has no shell yet) on an in-memory local stack. */
export default async function setup(project: TestProject) {
  if (!existsSync('frontend/dist/200.html')) execSync('npm run build', { stdio: 'inherit' });
  const stack = await startLocalStack({ port: 0, inMemory: true, serveSpa: 'built' });
  project.provide('baseUrl', stack.url);
  project.provide('staffAccount', stack.staffAccount);
  return () => stack.stop();
}
