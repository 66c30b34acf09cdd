// Standard Webhooks signatures. During a secret rotation the old and the new secret both sign
// (one `v1,<base64>` per secret, space-separated), so a receiver verifies with whichever secret
// it has; the old secret gets an `expiresAt` 24 h after the rotation and then stops signing.
// The HMAC is node:crypto's: the `standardwebhooks` package (which receivers verify with, and
// our tests too) signs with a pure-JS SHA-256 that added 6 KB to every function that signs.
import { createHmac } from 'node:crypto';

const secretPrefix = 'whsec_';

/** `v1,<base64 HMAC-SHA256 of "<id>.<unix seconds>.<payload>">` with the secret's key, as Standard Webhooks signs. */
function signature(secret: string, id: string, seconds: number, payload: string): string {
  const key = Buffer.from(
    secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret,
    'base64',
  );
  if (key.length === 0) throw new Error('signWebhook: a signing secret is empty');
  return `v1,${createHmac('sha256', key).update(`${id}.${seconds}.${payload}`).digest('base64')}`;
}

export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

export type SignWebhookInput = {
  /** The event id (`evt_…`): the same on every retry, so receivers can deduplicate. */
  id: string;
  /** When this attempt is sent; receivers reject timestamps more than 5 min off. */
  timestamp: Date;
  /** The exact body bytes that will be sent. */
  payload: string;
  /** `whsec_<base64>` secrets, each of which adds one signature. */
  secrets: readonly string[];
};

export function signWebhook({ id, timestamp, payload, secrets }: SignWebhookInput): WebhookHeaders {
  const unique = [...new Set(secrets)];
  if (unique.length === 0) throw new Error('signWebhook: at least one signing secret is required');
  const seconds = Math.floor(timestamp.getTime() / 1000);
  const signatures = unique.map((secret) => signature(secret, id, seconds, payload));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signatures.join(' '),
  };
}

export type SigningSecret = {
  secret: string;
  createdAt: Date | string;
  /** Set when a newer secret replaced this one; it keeps signing until then. */
  expiresAt?: Date | string | null;
};

/**
 * The secrets that still sign at `now`, newest first. A secret whose `createdAt` is slightly in
 * the future (clock skew between writers and the worker) still signs: an extra signature is
 * harmless, a missing new one would break receivers that already switched.
 */
export function activeSigningSecrets(secrets: readonly SigningSecret[], now: Date): string[] {
  const nowMs = now.getTime();
  return secrets
    .filter((entry) => entry.expiresAt == null || new Date(entry.expiresAt).getTime() > nowMs)
    .toSorted((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .map((entry) => entry.secret);
}
