// An account's global postback URL and its webhook signing secrets. On rotation the previous
// secret keeps signing for 24 h, so receivers can switch without dropping a webhook.
import { generateWebhookSecret } from '../auth/credentials.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { sealWebhookSecret } from '../secrets/webhook-secrets.ts';
import { getAccount, replaceWebhookSecrets, updateAccountWebhook } from '../store/api-keys.ts';
import { isConditionFailure } from '../store/dynamo-errors.ts';
import type { AccountRecord } from './account.ts';

export const secretOverlapMs = 24 * 60 * 60 * 1000;

export async function setWebhookUrl(
  accountId: string,
  url: string | null,
  now = new Date(),
): Promise<AccountRecord> {
  if (url !== null) {
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
    return await updateAccountWebhook(accountId, { webhookUrl: url }, now.toISOString());
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('account.not_found', `account ${accountId} does not exist`);
    throw error;
  }
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

const rotationAttempts = 3;

/** A new secret, sealed, written only if the secrets are still those this rotation read. */
export async function rotateWebhookSecret(
  accountId: string,
  now = new Date(),
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const secret = generateWebhookSecret();
  const sealed = await sealWebhookSecret(accountId, secret, now.toISOString());
  for (let attempt = 0; attempt < rotationAttempts; attempt++) {
    const account = await getAccount(accountId);
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
