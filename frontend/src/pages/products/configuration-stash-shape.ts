/** What a kept configuration holds, shared by the stash (first load) and its schema (downloaded when there is a stash to read). */
import type { FamilyId } from '#domain/catalogue/families';
import type { ConfiguratorForm } from './configurator-form';

/** What the guest pressed: it is reopened once they are back and signed in. */
export const RESUME_ACTIONS = ['save', 'property', 'priceMatch'] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];

/** Long enough to sign in (or register and confirm an e-mail); older is a forgotten visit, not a return. */
export const STASH_MAX_AGE_MS = 60 * 60_000;

export interface ConfigurationStash {
  family: FamilyId;
  series: string;
  form: ConfiguratorForm;
  resume: ResumeAction;
  savedAt: number;
}
