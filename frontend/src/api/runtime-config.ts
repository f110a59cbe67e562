import { atom } from 'jotai';
import { runtimeConfigSchema, type RuntimeConfig } from '../../../domain/runtime-config';

let loading: Promise<RuntimeConfig> | undefined;

/** Fetches /config.json once per page load; a failure is not cached, so the next call retries. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`config.json answered ${response.status}`);
      return runtimeConfigSchema.parse(await response.json());
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The deployment this SPA talks to; components that read it suspend until it has loaded. */
export const runtimeConfigAtom = atom(() => loadRuntimeConfig());
