// An account (the merchant), its API keys and its webhook signing secrets.
import type { OptInEventType } from '../events/event-types.ts';
import type { Permission } from '../permissions.ts';
import type { StoredWebhookSecret } from '../secrets/webhook-secrets.ts';
import type { SaleSettings } from './sale-settings.ts';

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

/** Sealed (envelope-encrypted) in the table; see shared/secrets/webhook-secrets.ts. */
export type WebhookSecret = StoredWebhookSecret;

export interface AccountRecord {
  accountId: string;
  createdAt: string;
  updatedAt: string;
  webhookUrl: string | null;
  webhookSecrets: WebhookSecret[];
  /** The opt-in event types (event-types.ts rows with `optIn`) this account receives. */
  optInEventTypes?: OptInEventType[];
  /** What the hosted payer pages show instead of a generic header (see AccountBranding). */
  displayName?: string | null;
  brandColor?: string | null;
  logoKey?: string | null;
  /** Bumped by every change of the secrets: rotation is conditional on the version it read. */
  webhookSecretsVersion?: number;
  /** Per-account fee overrides, keyed `CURRENCY:METHOD`; defaults live in config. */
  fees?: Record<string, { fixed: number; percentBasisPoints: number }>;
  /** Overrides the stage's requests per second for this account (bursts of twice that). */
  rateLimitPerSecond?: number;
  /** What checkout sessions and payment links fill in for the merchant (PUT /v2/account/settings). */
  responsibleDocument?: SaleSettings['responsibleDocument'];
  responsibleExternalId?: SaleSettings['responsibleExternalId'];
  /** Absent or null: the default zone (sale-settings.ts). */
  timeZone?: string | null;
  /** The payer e-mails' settings (PUT /v2/account/emails); absent: every kind on, no reply-to. */
  emailSettings?: AccountEmailSettings;
}

export interface AccountEmailSettings {
  /** false turns the kind off for the account. */
  instruction: boolean;
  receipt: boolean;
  replyTo: string | null;
  /** The sender's display name; the branding's display name when null. */
  senderName: string | null;
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
