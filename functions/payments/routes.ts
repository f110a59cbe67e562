import { handlersIn, route, type HttpRoute } from '../routing';

const stripeWebhook = handlersIn<typeof import('./stripe-webhook')>('functions/payments/stripe-webhook.ts');

export const paymentsRoutes: HttpRoute[] = [
  // Verified by the Stripe signature on the raw body instead of a token.
  route('StripeWebhook', 'POST /api/payments/stripe-webhook', stripeWebhook('receiveStripeEvent'), {
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish', 'payments'],
  }),
];
