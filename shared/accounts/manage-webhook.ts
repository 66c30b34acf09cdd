// An account's global postback URL and its webhook signing secrets. On rotation the previous
// secret keeps signing for 24 h, so receivers can switch without dropping a webhook.
import { generateWebhookSecret } from '../auth/credentials.ts';
import { badRequest, notFound } from '../errors.ts';
import { getAccount, updateAccountWebhook } from '../store/api-keys.ts';
import { isConditionFailure } from '../store/dynamo-errors.ts';
import type { AccountRecord, WebhookSecret } from './account.ts';

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
export function rotateSecrets(current: WebhookSecret[], now: Date, fresh: string): WebhookSecret[] {
  const until = new Date(now.getTime() + secretOverlapMs).toISOString();
  const kept = current
    .filter((secret) => !secret.expiresAt || Date.parse(secret.expiresAt) > now.getTime())
    .map((secret) => ({ ...secret, expiresAt: secret.expiresAt ?? until }));
  return [...kept, { secret: fresh, createdAt: now.toISOString() }];
}

export async function rotateWebhookSecret(
  accountId: string,
  now = new Date(),
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const account = await getAccount(accountId);
  if (!account) throw notFound('account.not_found', `account ${accountId} does not exist`);
  const secret = generateWebhookSecret();
  const secrets = rotateSecrets(account.webhookSecrets ?? [], now, secret);
  await updateAccountWebhook(accountId, { webhookSecrets: secrets }, now.toISOString());
  const previous = secrets.length > 1 ? (secrets[secrets.length - 2]?.expiresAt ?? null) : null;
  return { secret, previousValidUntil: previous };
}
