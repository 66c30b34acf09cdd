// Issue 31 item 5: every money movement writes a ledger entry in the same write as its state
// change (payment +amount, fee −costFee, refund −amount, a refused refund +amount back), and
// GET /v2/balance is what GET /v2/balance/entries adds up to. On an account of its own, so other
// files' payments do not move it.
import { describe, expect, it } from 'vitest';
import { paymentMethods } from '../../shared/payment-methods.ts';
import { sandboxRefusedRefundReason } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { call, createKey, pollUntil } from '../support/api.ts';
import { bobBody, bodyFor } from '../support/purchase-fixtures.ts';

type Balance = { currency: string; available: number; pending: number; refunded: number; disputed: number };
type Entry = { id: string; currency: string; kind: string; amount: number; refundId: string | null };

describe('balance and ledger', () => {
  it('the ledger always sums to the balance, per currency, through payments, fees and refunds', async () => {
    const { secretKey: key } = await createKey(['createTransaction']);
    const as = { key };
    const read = async (id: string) => (await call('GET', `/transactions/${id}`, as)).body;

    async function paid(body: Record<string, unknown>) {
      const created = await call('POST', '/transactions/v2/purchase', { ...as, body });
      expect(created.status).toBe(201);
      await pollUntil(
        () => read(created.body.id),
        (tx) => Boolean(tx.redirectUrl ?? tx.qr),
        15_000,
        50,
      );
      expect((await call('POST', `/sandbox/transactions/${created.body.id}/pay`, as)).status).toBe(202);
      return pollUntil(
        () => read(created.body.id),
        (tx) => tx.status === 'PAID',
        15_000,
        50,
      );
    }
    const settled = (refundId: string) =>
      pollUntil(
        async () => (await call('GET', `/refunds/${refundId}`, as)).body,
        (refund) => refund.status !== 'PENDING',
        15_000,
        50,
      );

    const pix = paymentMethods.find((row) => row.liveRail === 'api-pix')!;
    const [bob, brl] = await Promise.all([paid(bobBody()), paid(bodyFor(pix))]);
    const partial = await call('POST', `/transactions/${bob.id}/refunds`, { ...as, body: { amount: 1000 } });
    const refused = await call('POST', `/transactions/${brl.id}/refunds`, {
      ...as,
      body: { amount: 50, reason: sandboxRefusedRefundReason },
    });
    expect((await settled(partial.body.id)).status).toBe('SUCCEEDED');
    expect((await settled(refused.body.id)).status).toBe('FAILED');

    const balance = await call('GET', '/v2/balance', as);
    expect(balance.status).toBe(200);
    const byCurrency = new Map((balance.body.data as Balance[]).map((b) => [b.currency, b]));
    expect(byCurrency.get('BOB')).toEqual({
      currency: 'BOB',
      available: bob.amount - bob.costFee - 1000,
      pending: 0,
      refunded: 1000,
      disputed: 0,
    });
    expect(byCurrency.get('BRL')).toMatchObject({
      available: brl.amount - brl.costFee,
      pending: 0,
      refunded: 0,
    });
    expect(byCurrency.get('COP')).toMatchObject({ available: 0 });

    // Every entry, two per page, through the cursor.
    const entries: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: Entry[]; nextCursor: string | null } } = await call(
        'GET',
        `/v2/balance/entries?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        as,
      );
      expect(page.status).toBe(200);
      entries.push(...page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(
      ['payment', 'payment', 'fee', 'fee', 'refund', 'refund', 'refund_reversal'].sort(),
    );
    for (const currency of ['BOB', 'BRL', 'COP']) {
      const sum = entries.filter((entry) => entry.currency === currency).reduce((s, e) => s + e.amount, 0);
      expect(sum, currency).toBe(byCurrency.get(currency)!.available);
    }
    // A payment's fee is stored on the payment's item: pages of one entry still show each once,
    // in the order of one page of all of them (newest first, each fee right after its payment).
    const all: { body: { data: Entry[] } } = await call('GET', '/v2/balance/entries?limit=100', as);
    const single: Entry[] = [];
    cursor = null;
    do {
      const page: { status: number; body: { data: Entry[]; nextCursor: string | null } } = await call(
        'GET',
        `/v2/balance/entries?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        as,
      );
      expect(page.body.data.length).toBeLessThanOrEqual(1);
      single.push(...page.body.data);
      expect(single.length, 'no entry shown twice').toBeLessThanOrEqual(entries.length);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(single).toEqual(all.body.data);
    expect(all.body.data).toHaveLength(entries.length);
    expect((await call('GET', '/v2/balance/entries?cursor=nonsense', as)).status).toBe(400);
  });
});
