// Hosted pages: a token carries its transaction id (an older page keeps its entry, with a TTL), and
// every page answer carries HSTS.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { expiredPageKeptMs } from '../../shared/hosted-pages/page-expiry.ts';
import { newToken } from '../../shared/ids.ts';
import { keys } from '../../shared/store/keys.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { fillInstruction } from '../../shared/transactions/fill-instruction.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { insertPendingPurchase } from '../support/pending-purchase.ts';
import { copBody } from '../support/purchase-fixtures.ts';

async function pageOfNewTransaction() {
  const created = await call('POST', '/transactions/v2/purchase', { body: copBody() });
  expect(created.status).toBe(201);
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`)).body,
    (body) => typeof body.redirectUrl === 'string',
    15_000,
    50,
  );
  return { tx, path: new URL(tx.redirectUrl).pathname };
}

describe('hosted page tokens', () => {
  it('carry the transaction id: no page entry is written, and only the whole token opens the page', async () => {
    const { tx, path } = await pageOfNewTransaction();
    const token = path.split('/').at(-1)!;
    expect(token).toMatch(new RegExp(`^${tx.id}\\.[A-Za-z0-9_-]{32}$`));
    useSharedStore();
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: sharedStack().tableName, Key: keys.hostedPage(token) }),
    );
    expect(Item).toBeUndefined();
    expect((await call('GET', path, { key: null })).status).toBe(200);
    const secret = token.split('.')[1]!;
    const wrongSecret = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const otherId = `${tx.id.slice(0, -1)}${tx.id.endsWith('9') ? '8' : '9'}`;
    for (const other of [`${tx.id}.${wrongSecret}`, secret, `${otherId}.${secret}`])
      expect((await call('GET', path.replace(token, other), { key: null })).status, other).toBe(404);
  });

  it('a transaction made before tokens carried its id still gets a page entry, expiring a week after it', async () => {
    useSharedStore();
    const { accountId } = await createKey(['createTransaction']);
    const now = new Date();
    // As a transaction written before this change: its token is a bare secret.
    const legacyToken = newToken();
    const { id } = await insertPendingPurchase({
      accountId,
      instructionDueAt: now,
      now,
      pageToken: legacyToken,
    });
    await fillInstruction({ accountId, transactionId: id }, now);
    const tx = await pollUntil(
      async () => (await getTransaction(accountId, id))!,
      (record) => record.instructionFilledAt !== null,
      15_000,
      50,
    );
    expect(tx.redirectUrl).toContain(`/${legacyToken}`);
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: sharedStack().tableName, Key: keys.hostedPage(legacyToken) }),
    );
    expect(Item?.ttl).toBe(Math.ceil((Date.parse(tx.expiresAt!) + expiredPageKeptMs) / 1000));
    expect((await call('GET', new URL(tx.redirectUrl!).pathname, { key: null })).status).toBe(200);
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
