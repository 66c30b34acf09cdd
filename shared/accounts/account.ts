// An account (the merchant), its API keys and its webhook signing secrets.
import type { Permission } from '../permissions.ts';
import type { StoredWebhookSecret } from '../secrets/webhook-secrets.ts';

export interface ApiKeyRecord {
  keyId: string;
  keyHash: string;
  accountId: string;
  userId: string;
  permissions: Permission[];
  createdAt: string;
  revokedAt?: string;
}

/** Sealed (envelope-encrypted) in the table; see shared/secrets/webhook-secrets.ts. */
export type WebhookSecret = StoredWebhookSecret;

export interface AccountRecord {
  accountId: string;
  createdAt: string;
  updatedAt: string;
  webhookUrl: string | null;
  webhookSecrets: WebhookSecret[];
  /** Bumped by every change of the secrets: rotation is conditional on the version it read. */
  webhookSecretsVersion?: number;
  /** Per-account fee overrides, keyed `CURRENCY:METHOD`; defaults live in config. */
  fees?: Record<string, { fixed: number; percentBasisPoints: number }>;
  /** Overrides the stage's requests per second for this account (bursts of twice that). */
  rateLimitPerSecond?: number;
}
