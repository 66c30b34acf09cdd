// An account (the merchant), its API keys and its webhook signing secrets.
import type { Permission } from '../permissions.ts';

export interface ApiKeyRecord {
  keyId: string;
  keyHash: string;
  accountId: string;
  userId: string;
  permissions: Permission[];
  createdAt: string;
  revokedAt?: string;
}

export interface WebhookSecret {
  secret: string;
  createdAt: string;
  /** Set on the previous secret when rotated: it keeps signing until then. */
  expiresAt?: string;
}

export interface AccountRecord {
  accountId: string;
  createdAt: string;
  updatedAt: string;
  webhookUrl: string | null;
  webhookSecrets: WebhookSecret[];
  /** Per-account fee overrides, keyed `CURRENCY:METHOD`; defaults live in config. */
  fees?: Record<string, { fixed: number; percentBasisPoints: number }>;
}
