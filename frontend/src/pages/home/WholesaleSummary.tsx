import { Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import { BUSINESS } from '../../business';
import { volumeDiscountsSentence } from '#domain/pricing/discounts';
import { useVolumeTiers } from '../../lib/volume-tiers';

/** The business described for search engines and screen readers, not shown on screen. */
export function WholesaleSummary() {
  const tiers = useVolumeTiers();
  return (
    <VisuallyHidden as="section" aria-labelledby="wholesale-heading">
      <Heading id="wholesale-heading" as="h2">
        B2B wholesale window treatments in Dallas-Fort Worth
      </Heading>
      <Text>
        {BUSINESS.name} is a B2B wholesale supplier of window treatments for builders, contractors, landlords, property
        managers and commercial developers, shipping nationwide from Dallas-Fort Worth.
      </Text>
      <ul>
        <li>Custom window treatments: faux wood, wood, roller, vertical and mini blinds made to measure</li>
        <li>Professional installation within {BUSINESS.installationRadiusMiles} miles of DFW</li>
        <li>Free samples of colors and materials</li>
        <li>Bulk ordering with volume discounts for multi-family properties. {volumeDiscountsSentence(tiers)}</li>
        <li>Measurement guidance and free in-home measuring</li>
      </ul>
    </VisuallyHidden>
  );
}
