// The account's webhook settings as the API shows and changes them: the global URL, the opt-in
// event types it receives, secret rotation (the new secret shown once), ending a rotation's
// overlap early, and a signed test event sent now, never retried. Reads are consistent (a merchant sees the change just made,
// and a test event right after a rotation is signed with the new secret); a change also drops
// this instance's cached copy of the account.
import { randomUUID } from 'node:crypto';
import { serviceConfig } from '../config.ts';
import { badRequest, notFound } from '../errors.ts';
import { type OptInEventType, optInEventTypeNames } from '../events/event-types.ts';
import { openWebhookSecrets } from '../secrets/webhook-secrets.ts';
import { getAccount } from '../store/api-keys.ts';
import { recordingMarginMs, requireCallTimeoutMs } from '../time-budget.ts';
import { buildEnvelope } from '../webhooks/envelope.ts';
import { postWebhook } from '../webhooks/post-webhook.ts';
import { activeSigningSecrets, signWebhook } from '../webhooks/sign.ts';
import type { AccountRecord } from './account.ts';
import { forgetAccountSettings } from './account-settings.ts';
import {
  expirePreviousWebhookSecrets,
  rotateWebhookSecret,
  setWebhookSettings,
  type WebhookSettingsChange,
} from './manage-webhook.ts';

export interface AccountWebhookView {
  url: string | null;
  /** The opt-in event types the account receives, in the catalogue's order. */
  optInEventTypes: OptInEventType[];
  /** The signing secrets in force (never their values): two during a rotation's 24 h. */
  secrets: Array<{ createdAt: string; expiresAt: string | null }>;
  updatedAt: string;
}

export function accountWebhookView(account: AccountRecord, now = new Date()): AccountWebhookView {
  return {
    url: account.webhookUrl ?? null,
    optInEventTypes: optInEventTypeNames.filter((type) => account.optInEventTypes?.includes(type)),
    secrets: (account.webhookSecrets ?? [])
      .filter((secret) => !secret.expiresAt || Date.parse(secret.expiresAt) > now.getTime())
      .map((secret) => ({ createdAt: secret.createdAt, expiresAt: secret.expiresAt ?? null })),
    updatedAt: account.updatedAt,
  };
}

async function existingAccount(accountId: string): Promise<AccountRecord> {
  const account = await getAccount(accountId, true);
  if (!account) throw notFound('account.not_found', `account ${accountId} does not exist`);
  return account;
}

export async function readAccountWebhook(accountId: string): Promise<AccountWebhookView> {
  return accountWebhookView(await existingAccount(accountId));
}

/** `url` has passed the postbackUrl syntax rule; https is required unless insecure postbacks are on. */
export async function changeAccountWebhook(
  accountId: string,
  change: WebhookSettingsChange,
): Promise<AccountWebhookView> {
  const { url } = change;
  if (
    url !== undefined &&
    url !== null &&
    !serviceConfig().allowInsecurePostback &&
    !url.toLowerCase().startsWith('https://')
  )
    throw badRequest('webhook.url_insecure', 'url: must be an https URL');
  const changed = await setWebhookSettings(accountId, change);
  forgetAccountSettings(accountId);
  return accountWebhookView(changed);
}

export async function rotateAccountWebhookSecret(
  accountId: string,
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const rotated = await rotateWebhookSecret(accountId);
  forgetAccountSettings(accountId);
  return rotated;
}

/** Ends a rotation's overlap now: only the current secret signs from the next delivery on. */
export async function expirePreviousAccountWebhookSecrets(accountId: string): Promise<AccountWebhookView> {
  const changed = await expirePreviousWebhookSecrets(accountId);
  forgetAccountSettings(accountId);
  return accountWebhookView(changed);
}

export interface TestDeliveryView {
  id: string;
  type: 'webhook.test';
  url: string;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  delivered: boolean;
}

/** `data` of the `webhook.test` event. */
export interface TestEventData {
  accountId: string;
  message: string;
}

export async function sendTestWebhook(
  accountId: string,
  /** When the function must be done (epoch ms): the POST ends before, with time to answer. */
  endBy: number,
  now = new Date(),
): Promise<TestDeliveryView> {
  const account = await existingAccount(accountId);
  const url = account.webhookUrl;
  if (!url) throw badRequest('webhook.url_missing', 'url: the account has no webhook URL; set it first');
  const secrets = activeSigningSecrets(
    await openWebhookSecrets(accountId, account.webhookSecrets ?? []),
    now,
  );
  if (!secrets.length)
    throw badRequest('webhook.secret_missing', 'secret: the account has no signing secret; rotate it first');
  const eventId = `evt_${randomUUID()}`;
  const payload = buildEnvelope<TestEventData>({
    eventId,
    type: 'webhook.test',
    createdAt: now,
    data: { accountId, message: 'A test event sent from the API; it is never retried.' },
  });
  const config = serviceConfig();
  const result = await postWebhook({
    url,
    body: payload,
    headers: signWebhook({ id: eventId, timestamp: now, payload, secrets }),
    timeoutMs: requireCallTimeoutMs('webhook POST', endBy - recordingMarginMs, config.webhookTimeoutMs),
    allowInsecure: config.allowInsecurePostback,
  });
  return {
    id: eventId,
    type: 'webhook.test',
    url,
    at: now.toISOString(),
    statusCode: result.statusCode ?? null,
    error: result.ok ? null : (result.error ?? (result.statusCode ? `HTTP ${result.statusCode}` : 'failed')),
    durationMs: result.durationMs,
    delivered: result.ok,
  };
}
