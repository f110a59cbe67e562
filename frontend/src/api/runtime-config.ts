import { atom } from 'jotai';
import type { RuntimeConfig } from '#domain/runtime-config';

/** The addresses the SPA cannot start a request or a sign-in without. */
const REQUIRED_FIELDS = [
  'region',
  'apiBaseUrl',
  'webSocketUrl',
  'userPoolId',
  'userPoolClientId',
] as const satisfies readonly (keyof RuntimeConfig)[];

/**
 * /config.json is written by the shop's own infrastructure from settings it has already parsed with
 * the domain's schemas (infra/stacks/settings.ts, infra/local/stack.ts), and the integration tests
 * parse what the local server serves with `runtimeConfigSchema`. The browser only checks that the
 * addresses it needs are there: parsing with the schema brought zod's evaluation, a 25-35 ms task,
 * into every page's start-up (issue 15, decision 0031).
 */
function asRuntimeConfig(config: unknown): RuntimeConfig {
  const fields = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  const missing = REQUIRED_FIELDS.filter((field) => typeof fields[field] !== 'string');
  if (missing.length) throw new Error(`config.json has no ${missing.join(', ')}`);
  return fields as unknown as RuntimeConfig;
}

let loading: Promise<RuntimeConfig> | undefined;

/** Fetches /config.json once per page load; a failure is not cached, so the next call retries. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`config.json answered ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then(asRuntimeConfig)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The deployment this SPA talks to; components that read it suspend until it has loaded. */
export const runtimeConfigAtom = atom(() => loadRuntimeConfig());
