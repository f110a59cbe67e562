import type { ComponentType } from 'react';
import { BUSINESS } from '../../business';
import {
  DELIVERY_TIME,
  PRODUCTION_TIME,
  RETURNS_CLAIM,
  SAMPLE_PROCESSING_TIME,
  WHOLESALE_SAVING_CLAIM,
} from '#domain/claims';

export interface InfoPage {
  path: string;
  title: string;
  /** 140-160 characters, for the meta description search engines show. */
  description: string;
  noindex?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

const titled = (page: string) => `${page} | ${BUSINESS.name}`;

/** Every information page of the storefront, in the order of the footer. */
export const infoPages: InfoPage[] = [
  {
    path: '/about-us',
    title: titled('About Us'),
    description: `Dallas-Fort Worth custom blinds since 2024: wholesale pricing ${WHOLESALE_SAVING_CLAIM}, a 120,000 sq ft partner warehouse and free DFW delivery.`,
    load: () => import('./AboutUs'),
  },
  {
    path: '/measure-install',
    title: titled('How to Measure for Blinds'),
    description:
      'Measure windows for custom blinds: inside vs outside mount, width and height in three places, accuracy to 1/8 inch, a video guide and the tools you need.',
    load: () => import('./MeasureInstall'),
  },
  {
    path: '/free-samples',
    title: titled('Free Samples'),
    description: `Order free blind and shade samples to compare colors and materials at home. Flat $15 sample shipping, processed in ${SAMPLE_PROCESSING_TIME}, then ${DELIVERY_TIME} to ship.`,
    load: () => import('./FreeSamples'),
  },
  {
    path: '/contact-us',
    title: titled('Contact Us'),
    description: `Call, e-mail or send a message to our Dallas-Fort Worth blinds team about orders, measuring, installation or returns. We reply to every message within ${BUSINESS.emailReplyPromiseHours} hours.`,
    load: () => import('./ContactUs'),
  },
  {
    path: '/shipping-info',
    title: titled('Shipping Information'),
    description: `Free local delivery across Dallas-Fort Worth, $12.50 per shade shipping nationwide, production in ${PRODUCTION_TIME} and delivery in ${DELIVERY_TIME} after that.`,
    load: () => import('./ShippingInfo'),
  },
  {
    path: '/returns',
    title: titled('Returns Policy & Fit Assurance'),
    description: RETURNS_CLAIM.summary,
    load: () => import('./Returns'),
  },
  {
    path: '/track-order',
    title: titled('Track Your Order'),
    description:
      'Track your custom blinds order with your order number and e-mail address: see its production and shipping status, the items ordered and the delivery address.',
    load: () => import('./TrackOrder'),
  },
  {
    path: '/child-safety',
    title: titled('Child Safety'),
    description:
      'Window cord safety tips for homes with children and pets: replace or retrofit old corded blinds, move furniture away from windows and keep cords out of reach.',
    load: () => import('./ChildSafety'),
  },
  {
    path: '/careers',
    title: titled('Careers'),
    description:
      'Join a growing Dallas-Fort Worth window blinds company. Explore open roles in field installation and measuring, technology, and leadership, and apply today.',
    load: () => import('./careers/CareersHub'),
  },
  {
    path: '/careers/field',
    title: titled('Field Careers'),
    description:
      'Field jobs in Dallas-Fort Worth: blind installers, measurement technicians and delivery drivers who bring custom window coverings to homes and properties.',
    load: () => import('./careers/FieldCareers'),
  },
  {
    path: '/careers/technology',
    title: titled('Technology Careers'),
    description:
      'Technology jobs in Dallas-Fort Worth: build the online shop, pricing engine and procurement integrations behind custom blinds for homes and property managers.',
    noindex: true,
    load: () => import('./careers/TechnologyCareers'),
  },
  {
    path: '/careers/leadership',
    title: titled('Leadership Careers'),
    description:
      'Leadership jobs in Dallas-Fort Worth: lead operations, property-management accounts and customer experience at a fast-growing custom window blinds company.',
    load: () => import('./careers/LeadershipCareers'),
  },
  {
    path: '/corporate-responsibility',
    title: titled('Corporate Responsibility'),
    description:
      'How we give back in Dallas-Fort Worth: a tree planted for every order, support for a children’s museum from each sale, and our environmental commitments.',
    load: () => import('./CorporateResponsibility'),
  },
  {
    path: '/privacy-policy',
    title: titled('Privacy Policy'),
    description: `How ${BUSINESS.name} collects, uses and protects your personal information when you shop for custom blinds, pay through Stripe and use our website.`,
    load: () => import('./PrivacyPolicy'),
  },
  {
    path: '/terms-of-service',
    title: titled('Terms of Service'),
    description: `The terms for buying custom blinds and shades from ${BUSINESS.name}: orders, pricing, payment, shipping, custom products, returns, installation, Texas law.`,
    load: () => import('./TermsOfService'),
  },
  {
    path: '/ExpertInstallation',
    title: titled('Expert Installation'),
    description:
      'Professional blind installation in the Dallas-Fort Worth metro: $150 for up to 10 blinds, old blind removal for $5 each, and 2-person crews for high windows.',
    load: () => import('./ExpertInstallation'),
  },
];
