// The account's API keys as the API and the keys CLI manage them: list (never a secret), create
// (the secret shown once), revoke by id.
import { forgetApiKey } from '../auth/authenticate.ts';
import { forbidden, notFound } from '../errors.ts';
import type { Permission } from '../permissions.ts';
import { findApiKeyById, listApiKeys, revokeAccountApiKey } from '../store/api-keys.ts';
import type { ApiKeyRecord } from './account.ts';
import { issueApiKey } from './issue-api-key.ts';

export interface ApiKeyView {
  id: string;
  name: string | null;
  permissions: Permission[];
  createdAt: string;
  /** UTC day of the last authenticated request, null when never used. */
  lastUsedOn: string | null;
  revokedAt: string | null;
}

export function apiKeyView(record: ApiKeyRecord): ApiKeyView {
  return {
    id: record.keyId,
    name: record.name ?? null,
    permissions: record.permissions,
    createdAt: record.createdAt,
    lastUsedOn: record.lastUsedOn ?? null,
    revokedAt: record.revokedAt ?? null,
  };
}

export async function listAccountApiKeys(accountId: string): Promise<{ data: ApiKeyView[] }> {
  const records = await listApiKeys(accountId);
  return { data: records.reverse().map((record) => apiKeyView(record)) };
}

/**
 * A key may grant only what it holds: otherwise a `manageAccount` key could mint itself a key
 * that takes payments or edits the catalog.
 */
export function checkGrantable(requested: readonly Permission[], held: readonly Permission[]): void {
  const beyond = requested.find((permission) => !held.includes(permission));
  if (beyond !== undefined)
    throw forbidden(
      `permissions: this key cannot grant ${beyond}; a key may only grant permissions it holds`,
    );
}

export async function createAccountApiKey(
  accountId: string,
  input: { name: string; permissions: Permission[]; userId?: string },
  /** The permissions of the key that asks. */
  held: readonly Permission[],
  now = new Date(),
): Promise<ApiKeyView & { secret: string; secretKey: string }> {
  checkGrantable(input.permissions, held);
  const issued = await issueApiKey(
    {
      accountId,
      name: input.name,
      permissions: input.permissions,
      ...(input.userId ? { userId: input.userId } : {}),
    },
    now,
  );
  return { ...apiKeyView(issued.record), secret: issued.secretKey, secretKey: issued.secretKey };
}

export async function revokeAccountApiKeyById(
  accountId: string,
  keyId: string,
  now = new Date(),
): Promise<ApiKeyView> {
  const record = /^key_[0-9a-f-]{36}$/.test(keyId) ? await findApiKeyById(accountId, keyId) : undefined;
  if (!record || !(await revokeAccountApiKey(accountId, record.keyHash, now.toISOString())))
    throw notFound('apiKey.not_found', `API key ${keyId} not found`);
  // The instance that revoked the key refuses it from its next request on; the others within the TTL.
  forgetApiKey(record.keyHash);
  return apiKeyView({ ...record, revokedAt: record.revokedAt ?? now.toISOString() });
}
