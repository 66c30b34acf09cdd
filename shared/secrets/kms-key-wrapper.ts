// Data keys from the stage's KMS key. The encryption context (the account id) is bound to each
// data key, so a wrapped key copied to another account's item does not decrypt. Unwrapped data
// keys are kept briefly in memory: a delivery burst does not cost a KMS call per webhook.
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { awsConfig, onConfigurationReset } from '../config.ts';
import type { KeyWrapper, SecretContext } from './envelope.ts';

const unwrapCacheMs = 5 * 60 * 1000;
let client: KMSClient | undefined;
onConfigurationReset(() => {
  client = undefined;
});

function kms(): KMSClient {
  const { region, kmsEndpoint } = awsConfig();
  client ??= new KMSClient({
    region,
    ...(kmsEndpoint ? { endpoint: kmsEndpoint } : {}),
    maxAttempts: 3,
    requestHandler: { requestTimeout: 3000, connectionTimeout: 1000 },
  });
  return client;
}

export function kmsKeyWrapper(keyId: string): KeyWrapper {
  const unwrapped = new Map<string, { key: Buffer; expiresAt: number }>();
  return {
    keyRef: `kms:${keyId}`,
    async newDataKey(context: SecretContext) {
      const { Plaintext, CiphertextBlob } = await kms().send(
        new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }),
      );
      if (!Plaintext || !CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: Buffer.from(Plaintext), wrapped: Buffer.from(CiphertextBlob).toString('base64') };
    },
    async unwrap(wrapped: string, context: SecretContext) {
      const cacheKey = `${wrapped}|${JSON.stringify(context)}`;
      const cached = unwrapped.get(cacheKey);
      if (cached && cached.expiresAt > Date.now()) return cached.key;
      const { Plaintext } = await kms().send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(wrapped, 'base64'),
          EncryptionContext: { ...context },
        }),
      );
      if (!Plaintext) throw new Error('KMS returned no plaintext');
      const key = Buffer.from(Plaintext);
      if (unwrapped.size >= 1000) unwrapped.clear();
      unwrapped.set(cacheKey, { key, expiresAt: Date.now() + unwrapCacheMs });
      return key;
    },
  };
}
