// What a warm instance remembers of a key, and how it reads it: a key lookup after a cache miss
// is a consistent read, and the instance that revokes a key forgets it at once, even when a
// lookup of it is still in flight. The table is a double at the SDK's build step: the store's
// own commands are built as on AWS, and none leaves the process.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticate, forgetApiKey } from '../../shared/auth/authenticate.ts';
import { basicAuthorization, hashSecretKey } from '../../shared/auth/credentials.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { resetProcessConfiguration } from '../../shared/config.ts';
import { findApiKeyByHash } from '../../shared/store/api-keys.ts';

const secretKey = `sk_test_${'a'.repeat(32)}`;
const keyHash = hashSecretKey(secretKey);
const saved = { ...process.env };

interface SentCommand {
  command: string;
  input: Record<string, unknown>;
}
const sent: SentCommand[] = [];
/** The key item as the table holds it now. */
let stored: Record<string, unknown> | undefined;
/** Holds the next GetItem until released (a lookup in flight). */
let holdNextRead: Promise<void> | undefined;

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'UNIT',
    AWS_SECRET_ACCESS_KEY: 'unit',
    AUTH_CACHE_TTL_MS: '600000',
  });
  resetProcessConfiguration();
  dynamo().middlewareStack.add(
    (_next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      sent.push({ command, input: args.input as Record<string, unknown> });
      if (command === 'GetItemCommand') {
        const hold = holdNextRead;
        holdNextRead = undefined;
        // What the table holds when the read is answered, not when it was sent.
        await hold;
        return { output: { $metadata: {}, ...(stored ? { Item: stored } : {}) }, response: {} };
      }
      return { output: { $metadata: {} }, response: {} };
    },
    { step: 'build', name: 'tableDouble' },
  );
});

afterAll(() => {
  process.env = saved;
  resetProcessConfiguration();
});

beforeEach(() => {
  sent.length = 0;
  forgetApiKey(keyHash);
  stored = {
    pk: `KEY#${keyHash}`,
    sk: 'KEY',
    keyId: 'key_00000000-0000-0000-0000-000000000001',
    keyHash,
    accountId: 'acc_unit',
    userId: 'usr_unit',
    permissions: ['manageAccount'],
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUsedOn: new Date().toISOString().slice(0, 10),
  };
});

const reads = () => sent.filter((entry) => entry.command === 'GetItemCommand');
const revoke = () => {
  stored = { ...stored, revokedAt: new Date().toISOString() };
};

describe('key lookups', () => {
  it('read the key item consistently', async () => {
    await findApiKeyByHash(keyHash);
    expect(reads()).toHaveLength(1);
    expect(reads()[0]!.input).toMatchObject({ ConsistentRead: true, Key: { pk: { S: `KEY#${keyHash}` } } });
  });

  it('are cached by a warm instance, and forgotten by the instance that revokes the key', async () => {
    const authorization = basicAuthorization(secretKey);
    expect((await authenticate(authorization)).accountId).toBe('acc_unit');
    revoke();
    // Another instance's revocation: this one still answers from its cache.
    expect((await authenticate(authorization)).accountId).toBe('acc_unit');
    expect(reads()).toHaveLength(1);
    forgetApiKey(keyHash);
    await expect(authenticate(authorization)).rejects.toMatchObject({ status: 401 });
    expect(reads()).toHaveLength(2);
    expect(reads()[1]!.input).toMatchObject({ ConsistentRead: true });
  });

  it('do not cache what a lookup in flight at the revocation read', async () => {
    const authorization = basicAuthorization(secretKey);
    let release: () => void = () => undefined;
    holdNextRead = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inFlight = authenticate(authorization);
    // The request that started before the revocation may pass; the next one reads again.
    forgetApiKey(keyHash);
    release();
    expect((await inFlight).accountId).toBe('acc_unit');
    revoke();
    await expect(authenticate(authorization)).rejects.toMatchObject({ status: 401 });
    expect(reads()).toHaveLength(2);
  });
});
