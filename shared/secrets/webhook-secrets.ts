// Webhook signing secrets as the table keeps them: sealed (envelope encryption, see
// envelope.ts), bound to their account. Only the functions that sign open them.
import { onConfigurationReset, optionalEnv } from '../config.ts';
import { type KeyWrapper, open, type SealedSecret, seal } from './envelope.ts';
import { kmsKeyWrapper } from './kms-key-wrapper.ts';
import { localKeyWrapper } from './local-key-wrapper.ts';

export interface StoredWebhookSecret {
  /** Older items only: the secret in the clear. New secrets are always sealed. */
  secret?: string;
  sealed?: SealedSecret;
  createdAt: string;
  /** Set on the previous secret when rotated: it keeps signing until then. */
  expiresAt?: string;
}

let wrapper: KeyWrapper | undefined;
onConfigurationReset(() => {
  wrapper = undefined;
});

/** KMS when the stage names its key (WEBHOOK_SECRETS_KEY_ID), else the local key (LOCAL_SECRETS_KEY). */
export function secretsKeyWrapper(): KeyWrapper {
  if (wrapper) return wrapper;
  const kmsKeyId = optionalEnv('WEBHOOK_SECRETS_KEY_ID');
  const localKey = optionalEnv('LOCAL_SECRETS_KEY');
  if (kmsKeyId) wrapper = kmsKeyWrapper(kmsKeyId);
  else if (localKey) wrapper = localKeyWrapper(localKey);
  else
    throw new Error(
      'missing WEBHOOK_SECRETS_KEY_ID (AWS) or LOCAL_SECRETS_KEY (local stack): secrets cannot be sealed',
    );
  return wrapper;
}

const contextOf = (accountId: string) => ({ accountId, purpose: 'webhook-signing' });

export async function sealWebhookSecret(
  accountId: string,
  secret: string,
  createdAt: string,
): Promise<StoredWebhookSecret> {
  return { sealed: await seal(secretsKeyWrapper(), secret, contextOf(accountId)), createdAt };
}

/** The account's secrets in the clear, for signing; never stored or logged. */
export function openWebhookSecrets(
  accountId: string,
  stored: readonly StoredWebhookSecret[],
): Promise<Array<{ secret: string; createdAt: string; expiresAt?: string }>> {
  return Promise.all(
    stored.map(async (entry) => ({
      secret: entry.sealed
        ? await open(secretsKeyWrapper(), entry.sealed, contextOf(accountId))
        : (entry.secret ?? ''),
      createdAt: entry.createdAt,
      ...(entry.expiresAt ? { expiresAt: entry.expiresAt } : {}),
    })),
  );
}
