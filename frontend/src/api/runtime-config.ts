import { atom } from 'jotai';
import type { RuntimeConfig } from '../../../domain/runtime-config';

let loading: Promise<RuntimeConfig> | undefined;

/**
 * Fetches /config.json once per page load; a failure is not cached, so the next call retries. The
 * schema (and zod with it) is downloaded alongside, after hydration, instead of in the first load.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= Promise.all([
    fetch('/config.json', { headers: { accept: 'application/json' } }).then((response) => {
      if (!response.ok) throw new Error(`config.json answered ${response.status}`);
      return response.json() as Promise<unknown>;
    }),
    import('../../../domain/runtime-config'),
  ])
    .then(([config, { runtimeConfigSchema }]) => runtimeConfigSchema.parse(config))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The deployment this SPA talks to; components that read it suspend until it has loaded. */
export const runtimeConfigAtom = atom(() => loadRuntimeConfig());
