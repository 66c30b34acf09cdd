// Issue 31 item 1: POST /transactions/:id/refunds on the sandbox rails. Full and partial refunds
// of every method of the catalogue; concurrent refunds never give back more than was paid (one
// conditional write); a retried request (Idempotency-Key) is one refund; only PAID transactions
// are refunded (PENDING, EXPIRED, CANCELED → 409); the rail's window closes (→ 422 naming it); a
// refund the rail refuses is FAILED with its reason and its amount can be refunded again.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { methodKey, type PaymentMethodRow, paymentMethods } from '../../shared/payment-methods.ts';
import { sandboxRefusedRefundReason } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { bobBody, bodyFor } from '../support/purchase-fixtures.ts';

const read = async (id: string) => (await call('GET', `/transactions/${id}`)).body;

async function filled(body: Record<string, unknown>) {
  const created = await call('POST', '/transactions/v2/purchase', { body });
  expect(created.status).toBe(201);
  return pollUntil(
    () => read(created.body.id),
    (tx) => Boolean(tx.redirectUrl ?? tx.qr ?? tx.boletoDigitableLine),
    15_000,
    50,
  );
}

async function paid(body: Record<string, unknown>) {
  const tx = await filled(body);
  expect((await call('POST', `/sandbox/transactions/${tx.id}/pay`)).status).toBe(202);
  const after = await pollUntil(
    () => read(tx.id),
    (current) => current.status === 'PAID',
    15_000,
    50,
  );
  expect(after.status).toBe('PAID');
  return after;
}

const refund = (id: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  call('POST', `/transactions/${id}/refunds`, { body, ...(headers ? { headers } : {}) });

const settled = (refundId: string) =>
  pollUntil(
    async () => (await call('GET', `/refunds/${refundId}`)).body,
    (current) => current.status !== 'PENDING',
    15_000,
    50,
  );

async function setTransaction(id: string, update: string, values: Record<string, unknown>) {
  useSharedStore();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.transaction(sharedStack().accountId, id),
      UpdateExpression: update,
      ExpressionAttributeNames: update.includes('#status') ? { '#status': 'status' } : undefined,
      ExpressionAttributeValues: values,
    }),
  );
}

describe.concurrent('refunds', () => {
  it.each(paymentMethods.map((row) => [methodKey(row), row] as const))(
    '%s: a partial refund, then the rest; the transaction shows refundedAmount and REFUNDED',
    async (_key, row: PaymentMethodRow) => {
      const tx = await paid(bodyFor(row));
      expect(tx.refundedAmount).toBe(0);
      const part = Math.floor(tx.amount / 3);
      const first = await refund(tx.id, { amount: part, reason: 'one item returned' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        transactionId: tx.id,
        currency: tx.currency,
        amount: part,
        reason: 'one item returned',
        status: 'PENDING',
        failureReason: null,
      });
      expect(first.body.id).toMatch(new RegExp(`^re_${tx.id}_`));
      expect((await settled(first.body.id)).status).toBe('SUCCEEDED');
      expect(await read(tx.id)).toMatchObject({ status: 'PAID', refundedAmount: part });

      const rest = await refund(tx.id);
      expect(rest.status).toBe(201);
      expect(rest.body.amount).toBe(tx.amount - part);
      expect((await settled(rest.body.id)).status).toBe('SUCCEEDED');
      expect(await read(tx.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: tx.amount });

      const listed = await call('GET', `/transactions/${tx.id}/refunds`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([first.body.id, rest.body.id]);

      const more = await refund(tx.id, { amount: 1 });
      expect(more.status).toBe(409);
      expect(more.body.message).toContain('refunded in full');
    },
  );

  it('20 concurrent refunds never give back more than was paid', async () => {
    const tx = await paid(bobBody());
    const part = Math.floor(tx.amount / 7); // 7 fit, the 8th does not (amount / 7 * 8 > amount)
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(tx.id, { amount: part })));
    const taken = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(taken).toHaveLength(7);
    expect(refused.every((answer) => answer.status === 409)).toBe(true);
    expect(refused[0]!.body.message).toMatch(/amount: \d+ is more than the \d+ cents/);
    const after = await read(tx.id);
    expect(after.refundedAmount).toBe(7 * part);
    expect(after.refundedAmount).toBeLessThanOrEqual(tx.amount);
    const listed = (await call('GET', `/transactions/${tx.id}/refunds`)).body.data as Array<{
      amount: number;
    }>;
    expect(listed.reduce((sum, r) => sum + r.amount, 0)).toBe(7 * part);
  });

  it('a retried request with the same Idempotency-Key is one refund', async () => {
    const tx = await paid(bobBody());
    const headers = { 'Idempotency-Key': `refund-${tx.id}` };
    const first = await refund(tx.id, { amount: 1000 }, headers);
    const again = await refund(tx.id, { amount: 1000 }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await refund(tx.id, { amount: 2000 }, headers);
    expect(other.status).toBe(422);
    expect((await call('GET', `/transactions/${tx.id}/refunds`)).body.data).toHaveLength(1);
    expect((await read(tx.id)).refundedAmount).toBe(1000);
  });

  it('only a PAID transaction is refunded: PENDING, EXPIRED and CANCELED → 409', async () => {
    const pending = await filled(bobBody());
    const canceled = await filled(bobBody());
    expect((await call('POST', `/transactions/${canceled.id}/cancel`)).status).toBe(200);
    const expired = await filled(bobBody());
    await setTransaction(expired.id, 'SET #status = :expired', { ':expired': 'EXPIRED' });
    for (const [tx, status] of [
      [pending, 'PENDING'],
      [expired, 'EXPIRED'],
      [canceled, 'CANCELED'],
    ] as const) {
      const answer = await refund(tx.id);
      expect(answer.status, status).toBe(409);
      expect(answer.body.message).toBe(
        `transaction ${tx.id} is ${status}: only a PAID transaction can be refunded`,
      );
    }
    expect((await refund('999999999')).status).toBe(404);
    expect((await call('GET', '/refunds/re_1_0000000000000000')).status).toBe(404);
  });

  it('a refund after the rail window → 422 naming it; more than what is left → 409; bad amount → 400', async () => {
    const tx = await paid(bodyFor(paymentMethods.find((row) => row.liveRail === 'api-pix')!));
    expect((await refund(tx.id, { amount: tx.amount + 1 })).status).toBe(409);
    expect((await refund(tx.id, { amount: 0 })).status).toBe(400);
    expect((await refund(tx.id, { amount: 1.5 })).status).toBe(400);
    const longAgo = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await setTransaction(tx.id, 'SET paidAt = :paidAt', { ':paidAt': longAgo });
    const late = await refund(tx.id);
    expect(late.status).toBe(422);
    expect(late.body.message).toContain('refund window of PIX (90 days from the payment)');
  });

  it('a refund the rail refuses is FAILED with its reason, and its amount can be refunded again', async () => {
    const tx = await paid(bobBody());
    const refused = await refund(tx.id, { reason: sandboxRefusedRefundReason });
    expect(refused.status).toBe(201);
    const failed = await settled(refused.body.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toContain('sandbox rail refused');
    expect(await read(tx.id)).toMatchObject({ status: 'PAID', refundedAmount: 0 });
    const again = await refund(tx.id);
    expect(again.status).toBe(201);
    expect((await settled(again.body.id)).status).toBe('SUCCEEDED');
    expect((await read(tx.id)).status).toBe('REFUNDED');
    const paidListing = await call('GET', '/transactions?status=PAID&limit=100');
    expect(paidListing.body.data.map((t: { id: string }) => t.id)).toContain(tx.id);
  });
});
