// Issue 18: rails report payments in listings (a bank statement, API Pix GET /pix) read once a
// window by a scheduled job. The sandbox boleto rail only lists (a bank's return file): its
// payment is found by the reading of the sandbox statement, with no per-charge poll and no
// notification. A window is read page by page, across its hour partitions, each line once.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../shared/auth/principal.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { listEventsWithAttempts } from '../../shared/store/events.ts';
import { keys } from '../../shared/store/keys.ts';
import {
  markRailChargePaid,
  putRailChargeOnce,
  sandboxListingName,
} from '../../shared/store/rail-charges.ts';
import { listRailPaymentReports } from '../../shared/store/rail-payment-reports.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { createPurchase } from '../../shared/transactions/create-purchase.ts';
import { paySandboxTransaction } from '../../shared/transactions/sandbox-pay.ts';
import { createKey, pollUntil, useSharedStore } from '../support/api.ts';
import { boletoBody } from '../support/purchase-fixtures.ts';

describe('the sandbox statement', () => {
  it('settles a boleto paid in the sandbox: PAID with one cashin.paid, found by the scheduled reading alone', async () => {
    useSharedStore();
    const key = await createKey(['createTransaction']);
    const principal: Principal = { ...key, permissions: ['createTransaction'] };
    const { id } = (await createPurchase(principal, boletoBody(), undefined)).body as { id: string };
    const filled = await pollUntil(
      () => getTransaction(key.accountId, id, true),
      (tx) => Boolean(tx?.instructionFilledAt),
      10_000,
      50,
    );
    // A boleto rail only lists: its payment watch is a day away, and paying sends no notification.
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.transaction(key.accountId, id),
        ConsistentRead: true,
      }),
    );
    const watchDue = String(Item?.gsi2sk ?? '');
    expect(Date.parse(watchDue.split('#')[0]!) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    await paySandboxTransaction(filled!);
    const paid = await pollUntil(
      () => getTransaction(key.accountId, id, true),
      (tx) => tx?.status === 'PAID',
      15_000,
      100,
    );
    expect(paid?.paidAt).toBeTruthy();
    const events = await listEventsWithAttempts(key.accountId, id);
    expect(events.map((event) => event.type)).toEqual(['cashin.paid']);
  });

  it('lists a window page by page across its hour partitions, each payment once and in order', async () => {
    useSharedStore();
    // A day of its own, years ahead, so no other test's payments share its partitions.
    const day = `${2031 + Math.floor(Math.random() * 60)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const times = ['00:10', '00:40', '01:05', '01:59', '02:20', '03:30'].map(
      (t) => new Date(`${day}T${t}:00.000Z`),
    );
    const refs = times.map((_, index) => ({ accountId: 'acc_listing', transactionId: `tx_${day}_${index}` }));
    for (const [index, ref] of refs.entries()) {
      await putRailChargeOnce({
        rail: 'sandbox-brl-boleto',
        ...ref,
        amount: 1000 + index,
        instruction: { type: 'REDIRECT', redirectUrl: 'https://example.test' },
        readyAt: 0,
        expiresAt: `${day}T23:59:59.000Z`,
        status: 'PENDING',
        paidAt: null,
        settlesAt: null,
        closedAt: null,
        createdAt: `${day}T00:00:00.000Z`,
      });
      expect(
        await markRailChargePaid('sandbox-brl-boleto', { ...ref, amount: 1000 + index }, times[index]!),
      ).toBe('paid');
    }
    // 00:30 → 02:20: the four payments from 00:40 to 02:20, two per page.
    const seen: string[] = [];
    let page: string | null = null;
    let pages = 0;
    do {
      const result = await listRailPaymentReports(
        sandboxListingName,
        `${day}T00:30:00.000Z`,
        `${day}T02:20:00.000Z`,
        page,
        2,
      );
      seen.push(...result.reports.map((report) => report.transactionId));
      page = result.nextPage;
      pages += 1;
    } while (page && pages < 10);
    expect(seen).toEqual(refs.slice(1, 5).map((ref) => ref.transactionId));
  });
});
