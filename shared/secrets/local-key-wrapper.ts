// The local stand-in for KMS: data keys are wrapped with AES-256-GCM under a 256-bit key from
// LOCAL_SECRETS_KEY (base64), which the local stack generates and keeps beside its data.
import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, type KeyWrapper, type SecretContext } from './envelope.ts';

export function localKeyWrapper(masterKeyBase64: string): KeyWrapper {
  const masterKey = Buffer.from(masterKeyBase64, 'base64');
  if (masterKey.length !== 32) throw new Error('LOCAL_SECRETS_KEY must be 32 bytes, base64-encoded');
  return {
    keyRef: 'local',
    newDataKey: (context: SecretContext) => {
      const plaintext = randomBytes(32);
      const { iv, tag, data } = encrypt(masterKey, plaintext, context);
      return Promise.resolve({ plaintext, wrapped: Buffer.concat([iv, tag, data]).toString('base64') });
    },
    unwrap: (wrapped: string, context: SecretContext) => {
      const bytes = Buffer.from(wrapped, 'base64');
      return Promise.resolve(
        decrypt(
          masterKey,
          { iv: bytes.subarray(0, 12), tag: bytes.subarray(12, 28), data: bytes.subarray(28) },
          context,
        ),
      );
    },
  };
}

export function newLocalSecretsKey(): string {
  return randomBytes(32).toString('base64');
}
