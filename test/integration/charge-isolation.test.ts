// Issue 13 item 1: a transaction id is unique across the whole service and rail charges are
// addressed by account and transaction, so two accounts never share a charge, even when they
// draw the same id.
import { afterEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../shared/auth/principal.ts';
import { randomTransactionId, useTransactionIdSource } from '../../shared/ids.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { chargeRefOf } from '../../shared/rails/rail-port.ts';
import { railFor } from '../../shared/rails/rails.ts';
import { paySandboxCharge } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { listEventsWithAttempts } from '../../shared/store/events.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { createPurchase } from '../../shared/transactions/create-purchase.ts';
import { newTransactionRecord } from '../../shared/transactions/transaction.ts';
import { call, createKey, pollUntil, useSharedStore } from '../support/api.ts';
import { copBody } from '../support/purchase-fixtures.ts';

afterEach(() => useTransactionIdSource());

async function account() {
  const key = await createKey(['createTransaction']);
  const principal: Principal = {
    accountId: key.accountId,
    userId: key.userId,
    keyId: key.keyId,
    permissions: ['createTransaction'],
  };
  return { key, principal };
}

/** Hands out `id` for the first `times` draws, then random ids. */
function collidingIds(id: string, times: number) {
  let drawn = 0;
  return (now: number) => (drawn++ < times ? id : randomTransactionId(now));
}

describe('transaction ids are unique across accounts', () => {
  it('a second account that draws the same id gets a fresh one and never sees the first one’s instruction', async () => {
    useSharedStore();
    const a = await account();
    const b = await account();
    const sharedId = randomTransactionId(Date.now());
    useTransactionIdSource(collidingIds(sharedId, 2));

    const first = (await createPurchase(a.principal, { ...copBody(), amount: 1_500_000 }, undefined))
      .body as {
      id: string;
    };
    const second = (await createPurchase(b.principal, { ...copBody(), amount: 2_500_000 }, undefined))
      .body as { id: string };
    expect(first.id).toBe(sharedId);
    expect(second.id).not.toBe(sharedId);

    const filled = async (key: string, id: string) =>
      pollUntil(
        async () => (await call('GET', `/transactions/${id}`, { key })).body,
        (tx) => Boolean(tx.redirectUrl),
        15_000,
        50,
      );
    const txA = await filled(a.key.secretKey, first.id);
    const txB = await filled(b.key.secretKey, second.id);
    expect(txB.redirectUrl).not.toBe(txA.redirectUrl);
    expect(txB.amount).toBe(2_500_000);

    expect(
      (await call('POST', `/sandbox/transactions/${first.id}/pay`, { key: a.key.secretKey })).status,
    ).toBe(202);
    const paidA = await pollUntil(
      async () => (await call('GET', `/transactions/${first.id}`, { key: a.key.secretKey })).body,
      (tx) => tx.status === 'PAID',
      15_000,
      50,
    );
    expect(paidA.status).toBe('PAID');
    expect((await call('GET', `/transactions/${second.id}`, { key: b.key.secretKey })).body.status).toBe(
      'PENDING',
    );
    expect(await listEventsWithAttempts(b.principal.accountId, second.id)).toEqual([]);
    // B cannot reach A's transaction by the shared id either.
    expect((await call('GET', `/transactions/${sharedId}`, { key: b.key.secretKey })).status).toBe(404);
  });
});

describe('rail charges are keyed by account and transaction', () => {
  it('two accounts with the same transaction id have two charges: paying one leaves the other unpaid', async () => {
    useSharedStore();
    const now = new Date();
    const id = randomTransactionId(now.getTime());
    const records = ['acc_rail-a', 'acc_rail-b'].map((accountId, index) =>
      newTransactionRecord({
        id,
        pageToken: `token-${index}`,
        accountId,
        request: parsePurchaseRequest({ ...copBody(), amount: 1_000_000 * (index + 1) }, now),
        costFee: 0,
        accountPostbackUrl: null,
        now: new Date(now.getTime() - 10_000),
      }),
    );
    const rail = railFor(records[0]!);
    const answerBy = Date.now() + 10_000;
    for (const record of records)
      await rail.registerCharge(
        { transaction: record, pageUrl: `https://p/${record.accountId}` },
        now,
        answerBy,
      );

    const [instructionA, instructionB] = await Promise.all(
      records.map((record) => rail.fetchInstruction(chargeRefOf(record), now, answerBy)),
    );
    expect(instructionA).toMatchObject({ ready: true, instruction: { redirectUrl: 'https://p/acc_rail-a' } });
    expect(instructionB).toMatchObject({ ready: true, instruction: { redirectUrl: 'https://p/acc_rail-b' } });

    expect(await paySandboxCharge(records[0]!, now)).toBe('paid');
    expect(await rail.fetchPaymentStatus(chargeRefOf(records[0]!), now, answerBy)).toMatchObject({
      status: 'PAID',
    });
    expect(await rail.fetchPaymentStatus(chargeRefOf(records[1]!), now, answerBy)).toEqual({
      status: 'PENDING',
    });
    expect(await getTransaction('acc_rail-b', id)).toBeUndefined();
  });
});
