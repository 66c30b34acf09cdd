// Hosted pages: the entry expires with its transaction (TTL), and every page answer carries HSTS.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { expiredPageKeptMs } from '../../shared/hosted-pages/page-expiry.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { copBody } from '../support/purchase-fixtures.ts';

async function pageOfNewTransaction() {
  const created = await call('POST', '/transactions/v2/purchase', { body: copBody() });
  expect(created.status).toBe(201);
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`)).body,
    (body) => typeof body.redirectUrl === 'string',
    5000,
    50,
  );
  return { tx, path: new URL(tx.redirectUrl).pathname };
}

describe('hosted page entries', () => {
  it('expire with their transaction: TTL one week after the transaction expires', async () => {
    const { tx, path } = await pageOfNewTransaction();
    expect(tx.expiresAt).toEqual(expect.any(String));
    useSharedStore();
    const token = path.split('/').at(-1)!;
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: sharedStack().tableName, Key: keys.hostedPage(token) }),
    );
    expect(Item?.ttl).toBe(Math.ceil((Date.parse(tx.expiresAt) + expiredPageKeptMs) / 1000));
  });

  it('answer with Strict-Transport-Security, unknown links too', async () => {
    const { path } = await pageOfNewTransaction();
    for (const pagePath of [path, '/pay/qr/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const page = await call('GET', pagePath, { key: null });
      expect(page.headers.get('strict-transport-security'), pagePath).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});
