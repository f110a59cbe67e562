import { deferredSection } from '../../../lib/deferred-section';

/** The page's questions and answers, hydrated after the rest of the page with the accordion's code (issue 15). */
export const Faq = deferredSection(() => import('./FaqAccordion').then((module) => module.FaqAccordion));
