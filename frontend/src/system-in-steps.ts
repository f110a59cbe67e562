import type { SystemConfig, SystemContext } from '@chakra-ui/react';

/**
 * Where the browser build's copy of Chakra puts its createSystem in steps (frontend/vite.config.ts):
 * a generator that stops between the parts of the build, so that theme.ts can give each its own
 * task. A global, as for the component recipes, because Chakra's package exports only createSystem.
 */
export const CREATE_SYSTEM_IN_STEPS_GLOBAL = '__chakraCreateSystemInSteps';

export type CreateSystemInSteps = (...configs: SystemConfig[]) => Generator<undefined, SystemContext, undefined>;
