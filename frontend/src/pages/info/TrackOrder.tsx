import { deferredSection } from '../../lib/deferred-section';
import { PageHero } from './components/PageHero';
import { PageSection } from './components/PageSection';

/** In the page from the first paint; its checks and the order display hydrate after the rest of the page (issue 15). */
const OrderLookup = deferredSection(() => import('./track-order/OrderLookup').then((module) => module.OrderLookup));

export default function TrackOrder() {
  return (
    <>
      <PageHero
        eyebrow="Orders"
        title="Track Your Order"
        lead="Enter the order number from your confirmation e-mail and the e-mail address you ordered with."
      />
      <PageSection title="Find your order">
        <OrderLookup />
      </PageSection>
    </>
  );
}
