// Issues API keys (and creates accounts) for the keys CLI and the local seed.

import {
  generateSecretKey,
  generateWebhookSecret,
  hashSecretKey,
  type KeyMode,
} from '../auth/credentials.ts';
import { newPrefixedId } from '../ids.ts';
import type { Permission } from '../permissions.ts';
import { sealWebhookSecret } from '../secrets/webhook-secrets.ts';
import { addApiKey, createAccountWithKey } from '../store/api-keys.ts';
import type { AccountRecord, ApiKeyRecord } from './account.ts';

export interface IssueApiKeyInput {
  permissions: Permission[];
  /** A label for people; the dashboard and POST /v2/api-keys require one. */
  name?: string | null;
  /** Existing account; omitted creates a new account. */
  accountId?: string;
  userId?: string;
  postbackUrl?: string | null;
  mode?: KeyMode;
}

export interface IssuedApiKey {
  accountId: string;
  userId: string;
  keyId: string;
  secretKey: string;
  record: ApiKeyRecord;
  /** Only when the account was created now. */
  webhookSecret?: string;
}

export async function issueApiKey(input: IssueApiKeyInput, now = new Date()): Promise<IssuedApiKey> {
  const secretKey = generateSecretKey(input.mode ?? 'test');
  const createdAt = now.toISOString();
  const apiKey: ApiKeyRecord = {
    keyId: newPrefixedId('key'),
    keyHash: hashSecretKey(secretKey),
    accountId: input.accountId ?? newPrefixedId('acc'),
    userId: input.userId ?? newPrefixedId('usr'),
    permissions: [...new Set(input.permissions)],
    createdAt,
    name: input.name ?? null,
  };
  if (input.accountId) {
    await addApiKey(apiKey);
    return {
      accountId: apiKey.accountId,
      userId: apiKey.userId,
      keyId: apiKey.keyId,
      secretKey,
      record: apiKey,
    };
  }
  const webhookSecret = generateWebhookSecret();
  const account: AccountRecord = {
    accountId: apiKey.accountId,
    createdAt,
    updatedAt: createdAt,
    webhookUrl: input.postbackUrl ?? null,
    webhookSecrets: [await sealWebhookSecret(apiKey.accountId, webhookSecret, createdAt)],
    webhookSecretsVersion: 1,
  };
  await createAccountWithKey(account, apiKey);
  return {
    accountId: apiKey.accountId,
    userId: apiKey.userId,
    keyId: apiKey.keyId,
    secretKey,
    record: apiKey,
    webhookSecret,
  };
}
