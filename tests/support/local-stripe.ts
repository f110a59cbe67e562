/** The shop's own Stripe client, pointed at the local stack's stand-in, for a test to read what checkout made there. */
import type Stripe from 'stripe';
import { resetConfigCache } from '../../functions/lib/config';
import { stripeClient } from '../../functions/lib/stripe';

const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'];

export function localStripe(env: Record<string, string>): Stripe {
  for (const name of STRIPE_SETTINGS) process.env[name] = env[name];
  resetConfigCache();
  return stripeClient();
}
