import { useEffect } from 'react';
import { writeStorage } from '../../lib/browser-storage';
import { deferredSection } from '../../lib/deferred-section';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { AccountBanner } from './AccountBanner';
import { Hero } from './Hero';

// Below the hero: in the HTML from the first paint, hydrated once the page above them has
// (lib/deferred-section.tsx), so their code is not in the home page's first load (issue 15).
const CategoryCarousel = deferredSection(() => import('./CategoryCarousel').then((module) => module.CategoryCarousel));
const MeasuringSection = deferredSection(() => import('./MeasuringSection').then((module) => module.MeasuringSection));
const ParallaxBanner = deferredSection(() => import('./ParallaxBanner').then((module) => module.ParallaxBanner));
const FeaturedProducts = deferredSection(() => import('./FeaturedProducts').then((module) => module.FeaturedProducts));
const Reviews = deferredSection(() => import('./Reviews').then((module) => module.Reviews));
const SaleBanner = deferredSection(() =>
  import('../../components/layout/SaleBanner').then((module) => module.SaleBanner),
);
const WholesaleSummary = deferredSection(() => import('./WholesaleSummary').then((module) => module.WholesaleSummary));

/** Longest intro animation (hero text: 300 ms delay + 800 ms), after which it is switched off. */
const INTRO_DURATION_MS = 1100;

export default function HomePage() {
  useEffect(() => {
    // The intro (see index.html) has now played for this browser session; coming back to the home
    // page later in this visit must not replay it.
    writeStorage('session', STORAGE_KEYS.homepageAnimationPlayed, 'true');
    setTimeout(() => document.documentElement.removeAttribute('data-intro'), INTRO_DURATION_MS);
  }, []);

  return (
    <>
      <Hero />
      <SaleBanner />
      <AccountBanner />
      <CategoryCarousel />
      <MeasuringSection />
      <ParallaxBanner />
      <FeaturedProducts />
      <Reviews />
      <WholesaleSummary />
    </>
  );
}
