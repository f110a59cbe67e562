import { deferredPage } from '../../lib/deferred-section';

export default deferredPage(() => import('./content/AboutUs'));
