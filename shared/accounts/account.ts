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
  /** A label for people (dashboard, CLI); keys made before names existed have none. */
  name?: string | null;
  /** The last UTC day (YYYY-MM-DD) a request authenticated with this key. */
  lastUsedOn?: string | null;
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
  /** What the hosted payer pages show instead of a generic header (see AccountBranding). */
  displayName?: string | null;
  brandColor?: string | null;
  logoKey?: string | null;
  /** Per-account fee overrides, keyed `CURRENCY:METHOD`; defaults live in config. */
  fees?: Record<string, { fixed: number; percentBasisPoints: number }>;
}

export interface AccountBranding {
  displayName: string | null;
  /** `#rrggbb`. */
  brandColor: string | null;
  /** Object key of the logo in the image bucket. */
  logoKey: string | null;
}

/** The branding attributes of an account (top-level on the item, so each change is one update). */
export function brandingOf(account: Partial<AccountBranding>): AccountBranding {
  return {
    displayName: account.displayName ?? null,
    brandColor: account.brandColor ?? null,
    logoKey: account.logoKey ?? null,
  };
}
