import { useEffect } from 'react';
import { writeStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { AccountBanner } from './AccountBanner';
import { CategoryCarousel } from './CategoryCarousel';
import { FeaturedProducts } from './FeaturedProducts';
import { Hero } from './Hero';
import { MeasuringSection } from './MeasuringSection';
import { ParallaxBanner } from './ParallaxBanner';
import { Reviews } from './Reviews';
import { WholesaleSummary } from './WholesaleSummary';

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
