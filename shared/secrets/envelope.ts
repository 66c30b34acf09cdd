// Envelope encryption for secrets kept in the table (webhook signing secrets): each secret is
// encrypted with AES-256-GCM under a fresh data key, and only the data key's wrapped form is
// stored beside it. Who wraps the data key is the one thing that differs between AWS (KMS, a
// key per stage) and the local stack (a local key): the code path is the same.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What is stored instead of the secret. All fields base64. */
export interface SealedSecret {
  /** Which wrapper made `wrappedKey` (`kms:<key id>` or `local`). */
  keyRef: string;
  wrappedKey: string;
  iv: string;
  tag: string;
  data: string;
}

/** Binds a sealed secret to its owner: opened under another context, it fails. */
export type SecretContext = Readonly<Record<string, string>>;

export interface KeyWrapper {
  readonly keyRef: string;
  /** A new 256-bit data key, in the clear and wrapped. */
  newDataKey(context: SecretContext): Promise<{ plaintext: Buffer; wrapped: string }>;
  unwrap(wrapped: string, context: SecretContext): Promise<Buffer>;
}

/** Additional authenticated data: the context, in a stable order. */
export function associatedData(context: SecretContext): Buffer {
  return Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((name) => [name, context[name]]),
    ),
    'utf8',
  );
}

export function encrypt(key: Buffer, plaintext: Buffer, context: SecretContext) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(context));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

export function decrypt(
  key: Buffer,
  sealed: { iv: Buffer; tag: Buffer; data: Buffer },
  context: SecretContext,
): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(associatedData(context));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
}

export async function seal(
  wrapper: KeyWrapper,
  secret: string,
  context: SecretContext,
): Promise<SealedSecret> {
  const dataKey = await wrapper.newDataKey(context);
  const { iv, tag, data } = encrypt(dataKey.plaintext, Buffer.from(secret, 'utf8'), context);
  dataKey.plaintext.fill(0);
  return {
    keyRef: wrapper.keyRef,
    wrappedKey: dataKey.wrapped,
    iv: iv.toString('base64'),
    tag: tag.toString('base64'),
    data: data.toString('base64'),
  };
}

export async function open(
  wrapper: KeyWrapper,
  sealed: SealedSecret,
  context: SecretContext,
): Promise<string> {
  const key = await wrapper.unwrap(sealed.wrappedKey, context);
  return decrypt(
    key,
    {
      iv: Buffer.from(sealed.iv, 'base64'),
      tag: Buffer.from(sealed.tag, 'base64'),
      data: Buffer.from(sealed.data, 'base64'),
    },
    context,
  ).toString('utf8');
}
