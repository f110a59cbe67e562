/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret `whsec_<base64>`, and per
 * attempt the headers `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * `v1,<base64 of HMAC-SHA256 over "{id}.{timestamp}.{body}">`, keyed with the secret's decoded bytes.
 * Web Crypto, so the same code runs on Lambda, on one machine and in a browser.
 */

export const SECRET_PREFIX = 'whsec_';
/** 256-bit secrets (the specification asks for 24 to 64 bytes). */
const SECRET_BYTES = 32;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))}`;
}

/** What the admin screen shows of a secret, to tell which one a receiver has. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export async function signWebhook(secret: string, id: string, timestamp: Date, body: string): Promise<WebhookHeaders> {
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.slice(SECRET_PREFIX.length)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${seconds}.${body}`));
  return {
    'webhook-id': id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${toBase64(new Uint8Array(signature))}`,
  };
}
