import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { BUSINESS } from './business';
import { WHOLESALE_SAVING_CLAIM } from '#domain/claims';
import { infoPages } from './pages/info';

/**
 * The one table of routes of the SPA: what each path loads and how it presents itself to search
 * engines. The router, the build-time prerender and the client-side title updates all read it.
 */
export interface SiteRoute {
  path: string;
  /** Full document title. */
  title: string;
  description: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Signed-in clients only: without a stored clientId the router sends the visitor to /login. */
  requiresClient?: boolean;
  /** A public page whose HTML is written at build time. */
  prerender?: boolean;
  noindex?: boolean;
  /** A staff screen (/admin, /chat): the shoppers' chat button is not shown there. */
  staffScreen?: boolean;
}

const titled = (page: string) => `${page} | ${BUSINESS.name}`;

export const HOME_TITLE = `Made-to-Measure Custom Blinds for DFW Properties | ${BUSINESS.name}`;

export const siteRoutes: SiteRoute[] = [
  {
    path: '/',
    title: HOME_TITLE,
    description: `Custom faux wood, wood, roller, vertical and mini blinds at wholesale prices ${WHOLESALE_SAVING_CLAIM}, with free DFW delivery, free measuring and optional installation.`,
    load: () => import('./pages/home/HomePage'),
    prerender: true,
  },
  ...infoPages.map((page) => ({ ...page, prerender: true })),
  {
    path: '/faux-wood-blinds',
    title: titled('Faux Wood Blinds'),
    description: 'Custom 2" faux wood blinds made to measure, priced live by size, with free DFW delivery.',
    load: () => import('./pages/products/ProductPage').then((module) => ({ default: module.FauxWoodBlindsPage })),
    prerender: true,
  },
  {
    path: '/wood-blinds',
    title: titled('Wood Blinds'),
    description:
      'Custom 2" real wood blinds in smooth and wood finishes, made to measure for DFW homes and properties.',
    load: () => import('./pages/products/ProductPage').then((module) => ({ default: module.WoodBlindsPage })),
    prerender: true,
  },
  {
    path: '/roller-shades',
    title: titled('Roller Shades'),
    description: 'Custom roller shades in Green 2000, Green 3000 and Blackout, made to measure with optional fascia.',
    load: () => import('./pages/products/ProductPage').then((module) => ({ default: module.RollerShadesPage })),
    prerender: true,
  },
  {
    path: '/vertical-blinds',
    title: titled('Vertical Blinds'),
    description: 'Custom 3.5" vertical blinds in standard sizes for patio doors and wide windows.',
    load: () => import('./pages/products/ProductPage').then((module) => ({ default: module.VerticalBlindsPage })),
    prerender: true,
  },
  {
    path: '/mini-blinds',
    title: titled('Mini Blinds'),
    description: 'Custom 1" aluminum and vinyl mini blinds in standard sizes, shipped fast across DFW.',
    load: () => import('./pages/products/ProductPage').then((module) => ({ default: module.MiniBlindsPage })),
    prerender: true,
  },
  {
    path: '/products',
    title: titled('Products'),
    description: 'All custom blinds and shades from our Dallas-Fort Worth shop.',
    load: () => import('./pages/products/ProductsPage'),
  },
  {
    path: '/product/:id',
    title: titled('Product Details'),
    description: 'Product details, options and price.',
    load: () => import('./pages/products/ProductDetailPage'),
  },
  {
    path: '/products/:id',
    title: titled('Product Details'),
    description: 'Product details, options and price.',
    load: () => import('./pages/products/ProductDetailPage'),
  },
  {
    path: '/cart',
    title: titled('Shopping Cart'),
    description: 'Your shopping cart.',
    load: () => import('./pages/cart/CartPage'),
    prerender: true,
  },
  {
    path: '/login',
    title: titled('Sign In'),
    description: 'Sign in to your account.',
    load: () => import('./pages/login/LoginPage'),
  },
  {
    path: '/account-creation',
    title: titled('Create Account'),
    description: 'Create an account to save configurations and track orders.',
    load: () => import('./pages/account-creation/AccountCreationPage'),
    prerender: true,
  },
  {
    path: '/forgot-password',
    title: titled('Forgot Password'),
    description: 'Reset the password of your account.',
    load: () => import('./pages/password-reset/ForgotPasswordPage'),
  },
  {
    path: '/reset-password',
    title: titled('Reset Password'),
    description: 'Set a new password for your account.',
    load: () => import('./pages/password-reset/ResetPasswordPage'),
    noindex: true,
  },
  {
    path: '/email-confirmation',
    title: titled('Email Confirmation'),
    description: 'Confirm the e-mail address of your account.',
    load: () => import('./pages/email-confirmation/EmailConfirmationPage'),
    noindex: true,
  },
  {
    path: '/account',
    title: titled('My Account'),
    description: 'Your saved products and order history.',
    load: () => import('./pages/account/AccountPage'),
    requiresClient: true,
  },
  {
    path: '/account/properties',
    title: titled('My Properties'),
    description: 'Your properties, their rooms and measured windows.',
    load: () => import('./pages/properties/PropertiesPage'),
    requiresClient: true,
  },
  {
    path: '/account/settings',
    title: titled('Account Settings'),
    description: 'Your profile, password, notifications and addresses.',
    load: () => import('./pages/account/SettingsPage'),
    requiresClient: true,
  },
  // The checkout pages show the signed-in customer's cart and order: rendered in the browser only, never prerendered.
  {
    path: '/checkout',
    title: titled('Checkout'),
    description: 'Check out your order.',
    load: () => import('./pages/checkout/CheckoutPage'),
    requiresClient: true,
  },
  {
    path: '/checkout/success',
    title: titled('Order Confirmation'),
    description: 'The confirmation of your order.',
    load: () => import('./pages/checkout/CheckoutSuccessPage'),
  },
  {
    path: '/checkout/cancel',
    title: titled('Checkout Cancelled'),
    description: 'Your checkout was cancelled; your cart is kept.',
    load: () => import('./pages/checkout/CheckoutCancelPage'),
  },
  {
    path: '/admin',
    title: titled('Admin Dashboard'),
    description: 'Staff administration.',
    load: () => import('./pages/admin/AdminPage'),
    noindex: true,
    staffScreen: true,
  },
  {
    path: '/chat',
    title: titled('Live Chats'),
    description: 'Staff chat inbox.',
    load: () => import('./pages/chat/ChatPage'),
    noindex: true,
    staffScreen: true,
  },
  // The mailed link's page: its token is the customer's key to the appointment, so it is never indexed.
  {
    path: '/account/quotes/:quoteId',
    title: titled('Your Quote'),
    description: 'Your saved quote: its blinds and prices, its PDF, a link to share and Accept and pay.',
    load: () => import('./pages/quotes/QuotePage'),
    requiresClient: true,
  },
  {
    path: '/quotes/shared/:token',
    title: titled('Quote'),
    description: 'A quote for custom blinds, shared by its customer.',
    load: () => import('./pages/quotes/SharedQuotePage'),
    noindex: true,
  },
  {
    path: '/appointments/manage',
    title: titled('Your Measurement'),
    description: 'Reschedule or cancel your free measurement.',
    load: () => import('./pages/appointments/ManageAppointmentPage'),
    noindex: true,
  },
  {
    path: '/installations/manage',
    title: titled('Your Installation'),
    description: 'Book, move or cancel the installation visit of your order.',
    load: () => import('./pages/appointments/ManageInstallationPage'),
    noindex: true,
  },
];

export const NOT_FOUND_META = {
  title: titled('Page not found'),
  description: 'The page you were looking for could not be found.',
} as const;

export type RouteMeta = Pick<SiteRoute, 'title' | 'description' | 'noindex' | 'staffScreen'>;

/** The metadata of the route that renders `pathname`, or the not-found page's. */
export function routeMetaFor(pathname: string): RouteMeta {
  return siteRoutes.find((route) => matchPath(route.path, pathname)) ?? NOT_FOUND_META;
}

/** Paths whose HTML is written at build time: the public, indexable pages. */
export const publicRoutePaths: string[] = siteRoutes.filter((route) => route.prerender).map((route) => route.path);
