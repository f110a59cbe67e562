import { deferredSection } from '../../../lib/deferred-section';

/** The open roles of one career category: prerendered whole; Read More and the application form hydrate after the page (decision 0030). */
export const CareerCategoryPage = deferredSection(() =>
  import('./CareerCategory').then((module) => module.CareerCategory),
);
