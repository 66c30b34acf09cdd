// Issue 13 item 3: POST /transactions/:id/cancel closes the charge on the rail, then
// PENDING → CANCELED; a PAID, EXPIRED or CANCELED transaction → 409; a charge the rail says was
// paid meanwhile → PAID (with its event) and 409 saying so. Issue 27 item 2: a FAILED
// transaction (its work given up) can be canceled too, which closes its charge.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { chargeRefOf } from '../../shared/rails/rail-port.ts';
import { railFor } from '../../shared/rails/rails.ts';
import { paySandboxCharge } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { keys } from '../../shared/store/keys.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { fillInstruction } from '../../shared/transactions/fill-instruction.ts';
import { watchPayment } from '../../shared/transactions/watch-payment.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { insertPendingPurchase } from '../support/pending-purchase.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';
import { sharedView } from '../support/transaction-views.ts';

async function filled(body: Record<string, unknown>) {
  const created = await call('POST', '/transactions/v2/purchase', { body });
  expect(created.status).toBe(201);
  return pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`)).body,
    (tx) => Boolean(tx.redirectUrl ?? tx.qr),
    15_000,
    50,
  );
}

const cancel = (id: string, key?: string) =>
  call('POST', `/transactions/${id}/cancel`, key === undefined ? {} : { key });
const read = async (id: string) => (await call('GET', `/transactions/${id}`)).body;
const paidEvents = async (id: string) =>
  ((await call('GET', `/transactions/${id}/events`)).body.data as Array<{ type: string }>).filter(
    (event) => event.type === 'cashin.paid',
  );

/**
 * The transaction as a give-up made before give-ups closed charges left it: FAILED, out of the
 * work index, its charge still open on the rail.
 */
async function givenUpWithOpenCharge(id: string) {
  useSharedStore();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.transaction(sharedStack().accountId, id),
      UpdateExpression: 'SET #status = :failed, failureReason = :reason REMOVE gsi2pk, gsi2sk',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':pending': 'PENDING',
        ':reason': 'payment watch given up: its job failed to make progress through 8 sweeps',
      },
    }),
  );
}

describe('POST /transactions/:id/cancel', () => {
  it('cancels a PENDING transaction: 200 CANCELED with canceledAt, GET shows it, nothing more can happen', async () => {
    const tx = await filled(copBody());
    const canceled = await cancel(tx.id);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: tx.id, status: 'CANCELED', paidAt: null });
    expect(Date.parse(canceled.body.canceledAt)).not.toBeNaN();
    expect(Object.keys(canceled.body).sort()).toEqual(Object.keys(sharedView(tx)).sort());

    const shown = await read(tx.id);
    expect(shown).toMatchObject({ status: 'CANCELED', canceledAt: canceled.body.canceledAt });

    const again = await cancel(tx.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(again.body.message).toMatch(/already canceled/);

    const pay = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/canceled/);

    const page = await fetch(tx.redirectUrl);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('data-status="CANCELED"');
  });

  it('a PENDING transaction shows canceledAt: null; PAID → 409', async () => {
    const tx = await filled(bobBody());
    expect(tx.canceledAt).toBeNull();
    expect((await call('POST', `/sandbox/transactions/${tx.id}/pay`)).status).toBe(202);
    await pollUntil(
      () => read(tx.id),
      (t) => t.status === 'PAID',
      15_000,
      50,
    );
    const refused = await cancel(tx.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/has been paid/);
    expect((await read(tx.id)).status).toBe('PAID');
  });

  it('EXPIRED → 409', async () => {
    useSharedStore();
    const tx = await filled(copBody());
    const accountId = sharedStack().accountId;
    const record = (await getTransaction(accountId, tx.id, true))!;
    const afterExpiry = new Date(Date.parse(record.expiresAt!) + 1000);
    expect(await watchPayment({ accountId, transactionId: tx.id, mode: 'notify' }, afterExpiry)).toBe(
      'expired',
    );
    const refused = await cancel(tx.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/has expired/);
  });

  it('the rail says it was paid meanwhile: PAID with its one event, and 409 saying so', async () => {
    useSharedStore();
    const tx = await filled(copBody());
    const record = (await getTransaction(sharedStack().accountId, tx.id, true))!;
    // Paid on the rail; our watcher has not seen it yet (or, racing the cancel, has just seen it:
    // either way the answer is a 409 that says it was paid, and the payment is recorded once).
    expect(await paySandboxCharge(record, new Date())).toBe('paid');
    const refused = await cancel(tx.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/was paid before it could be canceled|has been paid/);
    const shown = await read(tx.id);
    expect(shown.status).toBe('PAID');
    expect(shown.paidAt).not.toBeNull();
    expect(await paidEvents(tx.id)).toHaveLength(1);
  });

  it('a payment the rail reports after the cancel still makes it PAID, with one event', async () => {
    const tx = await filled(copBody());
    // The payer pays; the rail learns of it 2 s later, after the merchant canceled.
    const invalid = await call('POST', `/sandbox/transactions/${tx.id}/pay?settleAfterMs=soon`);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(invalid.body.message).toMatch(/^settleAfterMs: /);
    const pay = await call('POST', `/sandbox/transactions/${tx.id}/pay?settleAfterMs=2000`);
    expect(pay.status).toBe(202);
    expect((await cancel(tx.id)).status).toBe(200);
    const paid = await pollUntil(
      () => read(tx.id),
      (t) => t.status === 'PAID',
      15_000,
      100,
    );
    expect(paid.status).toBe('PAID');
    expect(paid.canceledAt).not.toBeNull();
    expect(await paidEvents(tx.id)).toHaveLength(1);
  });

  it('cancels before the instruction exists; a registration racing it cannot reopen the charge', async () => {
    useSharedStore();
    // Due long after this test, so no sweep fills it first either.
    const record = await insertPendingPurchase({
      accountId: sharedStack().accountId,
      instructionDueAt: new Date(Date.now() + 30 * 60_000),
    });
    const { id } = record;
    const canceled = await cancel(id);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED', redirectUrl: null });

    // An instruction job that loaded the transaction while it was still PENDING registers late.
    const rail = railFor(record);
    const answerBy = Date.now() + 10_000;
    await rail.registerCharge(
      { transaction: record, pageUrl: 'https://example.test/late' },
      new Date(),
      answerBy,
    );
    expect(await rail.fetchPaymentStatus(chargeRefOf(record), new Date(), answerBy)).toEqual({
      status: 'CLOSED',
    });
    expect(await paySandboxCharge(record, new Date())).toBe('closed');
    expect(await fillInstruction({ accountId: record.accountId, transactionId: record.id })).toBe(
      'nothing-to-do',
    );
    expect(await read(id)).toMatchObject({ status: 'CANCELED', redirectUrl: null });
  });

  it('a FAILED transaction: cancel closes its charge → 200 CANCELED, and the payer can no longer pay', async () => {
    const tx = await filled(copBody());
    await givenUpWithOpenCharge(tx.id);
    const canceled = await cancel(tx.id);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body).toMatchObject({ id: tx.id, status: 'CANCELED', paidAt: null });
    expect(Date.parse(canceled.body.canceledAt)).not.toBeNaN();
    const pay = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(pay.status).toBe(409);
    expect(await read(tx.id)).toMatchObject({ status: 'CANCELED', canceledAt: canceled.body.canceledAt });
    expect((await cancel(tx.id)).status).toBe(409);
  });

  it('a FAILED transaction whose charge was paid (notification lost): the cancel makes it PAID, one event, 409', async () => {
    const tx = await filled(copBody());
    await givenUpWithOpenCharge(tx.id);
    expect((await call('POST', `/sandbox/transactions/${tx.id}/pay?notify=false`)).status).toBe(202);
    const refused = await cancel(tx.id);
    expect(refused.status).toBe(409);
    // The cancel's close finds the payment, unless the sandbox listing's reading found it first.
    expect(refused.body.message).toMatch(/was paid before it could be canceled|has been paid/);
    const shown = await read(tx.id);
    expect(shown).toMatchObject({ status: 'PAID', canceledAt: null });
    expect(shown.failureReason).toMatch(/given up/);
    expect(await paidEvents(tx.id)).toHaveLength(1);
  });

  it('unknown or another account’s transaction → 404; without createTransaction → 403', async () => {
    const tx = await filled(copBody());
    const other = await createKey(['createTransaction']);
    expect((await cancel(tx.id, other.secretKey)).status).toBe(404);
    expect((await cancel('1234567890123456789')).status).toBe(404);
    const catalogOnly = await createKey(['isInvoiceAvailable'], { accountId: sharedStack().accountId });
    expect((await cancel(tx.id, catalogOnly.secretKey)).status).toBe(403);
    expect((await read(tx.id)).status).toBe('PENDING');
  });
});
