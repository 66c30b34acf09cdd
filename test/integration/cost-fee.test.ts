// docs/api.md: "costFee is in cents of the transaction's currency: BRL boleto 350 fixed; COP bank
// transfer 0.99 %, PSE 900 COP + 1.49 %, Nequi 1.99 %, Bre-B 0.49 %; BOB QR 1.50 % (per-account
// overrides)". The expected numbers are worked out from that sentence, not from shared/purchase/fees.ts.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, sharedStack, useSharedStore } from '../support/api.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';

const copAmount = 5_000_000; // COP 50,000.00
const cases: Array<[string, Record<string, unknown>, number]> = [
  ['BRL boleto: 350 fixed', { ...boletoBody(), amount: 15_000 }, 350],
  ['COP bank transfer: 0.99 %', { ...copBody(), paymentMethod: 'BANK_TRANSFER', amount: copAmount }, 49_500],
  ['COP PSE: COP 900 + 1.49 %', { ...copBody(), paymentMethod: 'PSE', amount: copAmount }, 90_000 + 74_500],
  ['COP Nequi: 1.99 %', { ...copBody(), paymentMethod: 'NEQUI', amount: copAmount }, 99_500],
  ['COP Bre-B: 0.49 %', { ...copBody(), paymentMethod: 'BREB', amount: copAmount }, 24_500],
  ['BOB QR: 1.50 %', { ...bobBody(), amount: 10_000 }, 150],
];

describe('costFee', () => {
  it.each(cases)('%s', async (_name, body, fee) => {
    const created = await call('POST', '/transactions/v2/purchase', { body });
    expect(created.status, created.text).toBe(201);
    expect(created.body.costFee).toBe(fee);
    expect((await call('GET', `/transactions/${created.body.id}`)).body.costFee).toBe(fee);
  });

  it('uses an account override for its rail and the defaults for the others', async () => {
    useSharedStore();
    const key = await createKey(['createTransaction']);
    // Overrides are account settings an operator writes; set before the account's first purchase,
    // so no cached settings are in the way.
    await dynamo().send(
      new UpdateCommand({
        TableName: sharedStack().tableName,
        Key: keys.account(key.accountId),
        UpdateExpression: 'SET fees = :fees',
        ExpressionAttributeValues: {
          ':fees': {
            'COP:PSE': { fixed: 0, percentBasisPoints: 100 },
            'BOB:QR': { fixed: 25, percentBasisPoints: 0 },
          },
        },
      }),
    );
    const fee = async (body: Record<string, unknown>) => {
      const created = await call('POST', '/transactions/v2/purchase', { body, key: key.secretKey });
      expect(created.status, created.text).toBe(201);
      return created.body.costFee;
    };
    expect(await fee({ ...copBody(), paymentMethod: 'PSE', amount: copAmount })).toBe(50_000);
    expect(await fee({ ...bobBody(), amount: 10_000 })).toBe(25);
    expect(await fee({ ...copBody(), paymentMethod: 'NEQUI', amount: copAmount })).toBe(99_500);
    expect(await fee({ ...boletoBody(), amount: 15_000 })).toBe(350);
  });
});
