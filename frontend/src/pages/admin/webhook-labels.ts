import type { WebhookShape } from '#domain/webhooks/payloads';
import type { SubscriptionHealth, SubscriptionView } from '#domain/webhooks/subscription';

/** 'ContactMessageSubmitted' → 'Contact message submitted'. */
export function eventTypeLabel(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const SHAPE_LABELS: Record<WebhookShape, string> = {
  envelope: 'JSON envelope (id, type, time, data)',
  spreadsheet: 'Spreadsheet row, as the old shop posted it',
};

/** The recent success rate in words, and the colour of its badge. */
export function healthSummary(health: SubscriptionHealth): {
  text: string;
  palette: 'gray' | 'green' | 'orange' | 'red';
} {
  if (health.successRate === null) return { text: 'No attempts yet', palette: 'gray' };
  const percent = Math.round(health.successRate * 100);
  const palette = health.successRate >= 0.9 ? 'green' : health.successRate >= 0.5 ? 'orange' : 'red';
  return {
    text: `${percent}% of the last ${health.attempts} ${health.attempts === 1 ? 'attempt' : 'attempts'} succeeded`,
    palette,
  };
}

export function activeLabel(subscription: SubscriptionView): string {
  if (subscription.active) return 'Active';
  return subscription.disabledReason === 'failing' ? 'Off: failed for days' : 'Off';
}
