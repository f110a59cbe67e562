import Stripe from 'stripe';
import { type StripeSettings, stripeConfig } from './config';

/**
 * The API version the handlers speak and the shop's webhook endpoint is created with. Pinned: the
 * SDK's types describe this version only, so an SDK upgrade that moves it fails the typecheck here
 * and the endpoint's version is changed on purpose, not by an upgrade.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

let cached: { settings: StripeSettings; client: Stripe } | undefined;

/**
 * One Stripe client per Lambda instance, made on first use. Real Stripe unless STRIPE_API_HOST,
 * _PORT and _PROTOCOL point the SDK elsewhere (the local stack's stand-in). Remade when the
 * settings are re-read (resetConfigCache), so a second local stack in one process is reached.
 */
export function stripeClient(): Stripe {
  const settings = stripeConfig();
  if (cached?.settings !== settings) {
    cached = {
      settings,
      client: new Stripe(settings.STRIPE_SECRET_KEY, {
        apiVersion: STRIPE_API_VERSION,
        host: settings.STRIPE_API_HOST,
        port: settings.STRIPE_API_PORT,
        protocol: settings.STRIPE_API_PROTOCOL,
        // Two retries of 8 s each stay within API Gateway's 29 s; POSTs carry idempotency keys.
        timeout: 8_000,
        maxNetworkRetries: 2,
      }),
    };
  }
  return cached.client;
}

/** The signing secret `stripe.webhooks.constructEvent` verifies the shop's webhook deliveries with. */
export function stripeWebhookSecret(): string {
  return stripeConfig().STRIPE_WEBHOOK_SECRET;
}
