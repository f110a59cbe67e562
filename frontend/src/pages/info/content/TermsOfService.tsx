import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../../business';
import { DELIVERY_TIME, PRODUCTION_TIME, RETURNS_CLAIM, SAMPLE_PROCESSING_TIME } from '#domain/claims';
import { GUARANTEED_PRODUCTS, PRICE_MATCH_TERMS } from '#domain/price-match/price-match';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const LAST_UPDATED = 'November 28, 2026';

function PageLink({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild color="brand.700" textDecoration="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to these terms',
    body: (
      <Text>
        These terms govern your use of {BUSINESS.siteUrl.replace('https://', '')} and every purchase from{' '}
        {BUSINESS.legalName} (&quot;{BUSINESS.name}&quot;, &quot;we&quot;, &quot;us&quot;). By using the website or
        placing an order you accept them. If you order on behalf of a company, you confirm that you may bind it to these
        terms.
      </Text>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <Text>
        You are responsible for keeping your password confidential and for the activity in your account. Give us
        accurate information and keep it up to date. We may suspend accounts used for fraud or to misuse the website.
      </Text>
    ),
  },
  {
    id: 'custom-products',
    title: 'Custom products and your measurements',
    body: (
      <>
        <Text>
          Our blinds and shades are made to order from the sizes and options you submit. You are responsible for the
          measurements you give us; please follow our <PageLink to="/measure-install">measuring guide</PageLink>. For
          inside-mount orders we deduct 0.5 inch from the width you enter so the blind fits the opening.
        </Text>
        <Text>
          Colors on screen may differ slightly from the real material; order{' '}
          <PageLink to="/free-samples">samples</PageLink> if the exact shade matters. Natural wood varies in grain and
          tone from slat to slat.
        </Text>
      </>
    ),
  },
  {
    id: 'pricing-and-payment',
    title: 'Pricing and payment',
    body: (
      <>
        <Text>
          Prices are in US dollars. The price of your order is calculated by our systems when you check out; if a price
          is shown in error, we will contact you before making the product, and you may cancel. Sales tax is added where
          it applies.
        </Text>
        <Text>
          Card payments are processed by Stripe. Your order is confirmed once Stripe confirms payment. Orders placed
          through a company procurement system are invoiced under the agreement with that company.
        </Text>
        <Text>
          Price Match Guarantee ({GUARANTEED_PRODUCTS.join(', ')}): {PRICE_MATCH_TERMS.terms} Ask for a match from the
          product page while signed in; the code takes the difference off the order it is entered in.
        </Text>
      </>
    ),
  },
  {
    id: 'production-and-shipping',
    title: 'Production, shipping and delivery',
    body: (
      <>
        <Text>
          Production takes {PRODUCTION_TIME}, and there is no rush option. Delivery is free within Dallas-Fort Worth.
          Outside DFW, standard shipping is $12.50 per shade, $30 per shade for shades over 75 inches wide; shades over
          100 inches wide ship by LTL freight, quoted on request. Delivery times are estimates, not guarantees.
        </Text>
        <Text>
          Risk of loss passes to you on delivery. Report shipping damage within 7 days of delivery. See{' '}
          <PageLink to="/shipping-info">Shipping Information</PageLink> for details.
        </Text>
      </>
    ),
  },
  {
    id: 'samples',
    title: 'Samples',
    body: (
      <Text>
        Samples are free; sample orders carry a flat $15 shipping charge. Sample orders are processed within{' '}
        {SAMPLE_PROCESSING_TIME} after payment and then take {DELIVERY_TIME} to ship. Samples are yours to keep and
        cannot be returned.
      </Text>
    ),
  },
  {
    id: 'returns',
    title: 'Returns and Fit Assurance',
    body: (
      <Text>
        Because our products are custom made, they cannot be returned or exchanged except as set out in our{' '}
        <PageLink to="/returns">Returns Policy</PageLink>. {RETURNS_CLAIM.summary}
      </Text>
    ),
  },
  {
    id: 'installation',
    title: 'Installation services',
    body: (
      <Text>
        Professional installation is offered in the Dallas-Fort Worth metro only, within a{' '}
        {BUSINESS.installationRadiusMiles}
        -mile radius: $150 for up to 10 blinds, $5 per old blind removed, and a $300 minimum for high-ladder work with a
        2-person crew. You agree to give our crew safe access to the windows. See{' '}
        <PageLink to="/ExpertInstallation">Expert Installation</PageLink>.
      </Text>
    ),
  },
  {
    id: 'warranty',
    title: 'Product warranty',
    body: (
      <Text>
        We warrant our products against defects in materials and workmanship under normal residential or commercial use:
        wood blinds for 3 years, faux wood and mini blinds for 2 years, roller shades for 5 years and vertical blinds
        for 1 year from delivery. The warranty does not cover wear and tear, misuse, improper installation by others, or
        damage from sun, moisture or pets. Our remedy is repair or replacement of the defective part or product.
      </Text>
    ),
  },
  {
    id: 'safety',
    title: 'Product safety',
    body: (
      <Text>
        Corded window coverings can be a strangulation hazard for young children. Install and use products according to
        their instructions and warning labels, and read our <PageLink to="/child-safety">child safety</PageLink>{' '}
        guidance.
      </Text>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <Text>
        To the extent allowed by law, our total liability for any claim about an order is limited to the amount you paid
        for that order, and we are not liable for indirect, incidental or consequential damages. Nothing in these terms
        limits rights you have under the Texas Deceptive Trade Practices-Consumer Protection Act or other laws that
        cannot be waived.
      </Text>
    ),
  },
  {
    id: 'website-use',
    title: 'Use of the website',
    body: (
      <Text>
        The website&apos;s content, images and software belong to us or our licensors. You may use the website to shop
        and to learn about our products, but not to copy its content for commercial use, interfere with its operation,
        or access it by automated means beyond normal browsing.
      </Text>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <Text>
        These terms are governed by the laws of the State of Texas, without regard to its conflict-of-law rules. Any
        dispute will be resolved in the state or federal courts located in Dallas County, Texas, and you and we consent
        to their jurisdiction. Please contact us first: most problems are solved with a phone call.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <Text>
        We may update these terms from time to time. The version in force when you place an order applies to that order.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <Text>
        Questions about these terms: e-mail{' '}
        <Link href={`mailto:${BUSINESS.email}`} color="brand.700" textDecoration="underline">
          {BUSINESS.email}
        </Link>
        , call{' '}
        <Link href={`tel:${BUSINESS.phoneE164}`} color="brand.700" textDecoration="underline">
          {BUSINESS.phoneDisplay}
        </Link>{' '}
        or write to {BUSINESS.legalName}, {BUSINESS.address.street}, {BUSINESS.address.city}, {BUSINESS.address.region}{' '}
        {BUSINESS.address.postalCode}.
      </Text>
    ),
  },
];

export default function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead="The terms that apply when you use our website and buy custom blinds, shades, samples and installation from us."
      lastUpdated={LAST_UPDATED}
      sections={SECTIONS}
    />
  );
}
