import { businessFacts, type BusinessFacts } from '#domain/business';
import { readBusinessSettings } from '../../infra/business-settings';

/** The business as the local stack, the unit tests and the default build know it: config/business.local.json. */
export const EXAMPLE_BUSINESS: BusinessFacts = businessFacts(
  readBusinessSettings(undefined, 'config/business.local.json'),
);
