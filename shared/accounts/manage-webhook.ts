// An account's global postback URL, its opt-in event types and its webhook signing secrets. On rotation the previous
// secret keeps signing for 24 h, so receivers can switch without dropping a webhook; the merchant
// can end that overlap early, and the previous secrets then stop signing at once.
import { generateWebhookSecret } from '../auth/credentials.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { OptInEventType } from '../events/event-types.ts';
import { sealWebhookSecret } from '../secrets/webhook-secrets.ts';
import { getAccount, replaceWebhookSecrets, updateAccountWebhook } from '../store/api-keys.ts';
import { isConditionFailure } from '../store/dynamo-errors.ts';
import type { AccountRecord } from './account.ts';

export const secretOverlapMs = 24 * 60 * 60 * 1000;

/** The account's webhook settings a merchant sets: its global URL, its opt-in event types. */
export interface WebhookSettingsChange {
  /** null clears it. */
  url?: string | null;
  /** Replaces the list whole; duplicates are dropped. */
  optInEventTypes?: readonly OptInEventType[];
}

export async function setWebhookSettings(
  accountId: string,
  change: WebhookSettingsChange,
  now = new Date(),
): Promise<AccountRecord> {
  const { url, optInEventTypes } = change;
  if (url !== undefined && url !== null) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badRequest('webhook.url_invalid', 'url: must be an absolute http(s) URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw badRequest('webhook.url_invalid', 'url: must be an absolute http(s) URL');
  }
  try {
    return await updateAccountWebhook(
      accountId,
      {
        ...(url !== undefined ? { webhookUrl: url } : {}),
        ...(optInEventTypes ? { optInEventTypes: [...new Set(optInEventTypes)] } : {}),
      },
      now.toISOString(),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('account.not_found', `account ${accountId} does not exist`);
    throw error;
  }
}

export function setWebhookUrl(
  accountId: string,
  url: string | null,
  now = new Date(),
): Promise<AccountRecord> {
  return setWebhookSettings(accountId, { url }, now);
}

/** Secrets still within their overlap window, newest last, with the current one unbounded. */
export function rotateSecrets<S extends { createdAt: string; expiresAt?: string }>(
  current: readonly S[],
  now: Date,
  fresh: S,
): S[] {
  const until = new Date(now.getTime() + secretOverlapMs).toISOString();
  const kept = current
    .filter((secret) => !secret.expiresAt || Date.parse(secret.expiresAt) > now.getTime())
    .map((secret) => ({ ...secret, expiresAt: secret.expiresAt ?? until }));
  return [...kept, fresh];
}

/**
 * Only the current secret (the one no rotation has bounded; the newest if an older item has
 * none): the previous ones stop signing.
 */
export function withoutPreviousSecrets<S extends { createdAt: string; expiresAt?: string }>(
  current: readonly S[],
): S[] {
  const unbounded = current.filter((secret) => !secret.expiresAt);
  const newest = current.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return unbounded.length ? unbounded : newest ? [newest] : [];
}

const rotationAttempts = 3;

/**
 * Ends the overlap of a rotation now: the previous secrets are removed, so no delivery signs
 * with them any more. Written only if the secrets are still those this call read.
 */
export async function expirePreviousWebhookSecrets(
  accountId: string,
  now = new Date(),
): Promise<AccountRecord> {
  for (let attempt = 0; attempt < rotationAttempts; attempt++) {
    const account = await getAccount(accountId, true);
    if (!account) throw notFound('account.not_found', `account ${accountId} does not exist`);
    const current = account.webhookSecrets ?? [];
    const kept = withoutPreviousSecrets(current);
    if (kept.length === current.length) return account;
    const version = account.webhookSecretsVersion ?? 0;
    if (await replaceWebhookSecrets(accountId, kept, version, now.toISOString()))
      return {
        ...account,
        webhookSecrets: kept,
        webhookSecretsVersion: version + 1,
        updatedAt: now.toISOString(),
      };
  }
  throw conflict('webhook.rotation_conflict', 'the signing secrets changed meanwhile; retry');
}

/** A new secret, sealed, written only if the secrets are still those this rotation read. */
export async function rotateWebhookSecret(
  accountId: string,
  now = new Date(),
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const secret = generateWebhookSecret();
  const sealed = await sealWebhookSecret(accountId, secret, now.toISOString());
  for (let attempt = 0; attempt < rotationAttempts; attempt++) {
    // Consistent: a stale read would only lose the conditional write and spend an attempt.
    const account = await getAccount(accountId, true);
    if (!account) throw notFound('account.not_found', `account ${accountId} does not exist`);
    const secrets = rotateSecrets(account.webhookSecrets ?? [], now, sealed);
    if (
      await replaceWebhookSecrets(accountId, secrets, account.webhookSecretsVersion ?? 0, now.toISOString())
    ) {
      const previous = secrets.length > 1 ? (secrets[secrets.length - 2]?.expiresAt ?? null) : null;
      return { secret, previousValidUntil: previous };
    }
  }
  throw conflict('webhook.rotation_conflict', 'the signing secrets changed during the rotation; retry');
}
