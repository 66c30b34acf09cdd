// Webhook signing secrets are sealed in the table (envelope encryption; locally the data keys
// are wrapped by the stack's local key), and rotation is a conditional write.
import { describe, expect, it } from 'vitest';
import { rotateWebhookSecret } from '../../shared/accounts/manage-webhook.ts';
import { openWebhookSecrets } from '../../shared/secrets/webhook-secrets.ts';
import { getAccount } from '../../shared/store/api-keys.ts';
import { createKey } from '../support/api.ts';

describe('webhook signing secrets at rest', () => {
  it('are never stored in the clear, and open to the secret the merchant was given', async () => {
    const issued = await createKey(['createTransaction']);
    const account = await getAccount(issued.accountId);
    expect(JSON.stringify(account)).not.toContain(issued.webhookSecret!);
    expect(JSON.stringify(account)).not.toContain('whsec_');
    expect(account!.webhookSecrets[0]!.sealed).toMatchObject({ keyRef: 'local' });
    const opened = await openWebhookSecrets(issued.accountId, account!.webhookSecrets);
    expect(opened.map((entry) => entry.secret)).toEqual([issued.webhookSecret]);
  });

  it('rotates with a conditional write: two rotations at once lose neither secret', async () => {
    const issued = await createKey(['createTransaction']);
    const [first, second] = await Promise.all([
      rotateWebhookSecret(issued.accountId),
      rotateWebhookSecret(issued.accountId),
    ]);
    const account = await getAccount(issued.accountId);
    const opened = await openWebhookSecrets(issued.accountId, account!.webhookSecrets);
    expect(opened.map((entry) => entry.secret).sort()).toEqual(
      [issued.webhookSecret!, first.secret, second.secret].sort(),
    );
    expect(JSON.stringify(account)).not.toContain('whsec_');
  });
});
