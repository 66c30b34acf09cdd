import { describe, expect, it } from 'vitest';
import { open, seal } from '../../shared/secrets/envelope.ts';
import { localKeyWrapper, newLocalSecretsKey } from '../../shared/secrets/local-key-wrapper.ts';

const wrapper = localKeyWrapper(newLocalSecretsKey());
const context = { accountId: 'acc_1', purpose: 'webhook-signing' };

describe('envelope encryption of secrets', () => {
  it('seals a secret so that nothing stored shows it, and opens it again', async () => {
    const sealed = await seal(wrapper, 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LTMyYnl0ZXM=', context);
    expect(JSON.stringify(sealed)).not.toContain('whsec_');
    expect(sealed.keyRef).toBe('local');
    expect(await open(wrapper, sealed, context)).toBe('whsec_c2VjcmV0LXNpZ25pbmcta2V5LTMyYnl0ZXM=');
  });

  it('uses a fresh data key per secret', async () => {
    const [first, second] = await Promise.all([
      seal(wrapper, 'same', context),
      seal(wrapper, 'same', context),
    ]);
    expect(first.wrappedKey).not.toBe(second.wrappedKey);
    expect(first.data).not.toBe(second.data);
  });

  it("does not open under another account's context (a sealed secret copied between accounts is useless)", async () => {
    const sealed = await seal(wrapper, 'whsec_x', context);
    await expect(open(wrapper, sealed, { ...context, accountId: 'acc_2' })).rejects.toThrow();
  });

  it('does not open with another key', async () => {
    const sealed = await seal(wrapper, 'whsec_x', context);
    await expect(open(localKeyWrapper(newLocalSecretsKey()), sealed, context)).rejects.toThrow();
  });

  it('refuses a local key of the wrong size', () => {
    expect(() => localKeyWrapper(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
