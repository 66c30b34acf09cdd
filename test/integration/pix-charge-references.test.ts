// How a txid leads back to its transaction: our txids start with the transaction id and end with
// the account's hash, so the id's service-wide reservation names the account and no reference
// item is written; a transaction older than the reservation keeps a reference item of its own.
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { findPixCharges, keepPixChargeReference } from '../../shared/rails/api-pix/pix-charges.ts';
import { apiPixRailName, txidFor } from '../../shared/rails/api-pix/txid.ts';
import { keys } from '../../shared/store/keys.ts';
import { useSharedStore } from '../support/api.ts';

beforeAll(() => useSharedStore());

let sequence = 0;
const newRef = () => ({
  accountId: `acc_${randomUUID()}`,
  transactionId: `${Date.now()}${String(++sequence).padStart(6, '0')}`,
});

async function reserve(ref: { accountId: string; transactionId: string }) {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.transactionIdReservation(ref.transactionId),
        entity: 'transactionIdReservation',
        ...ref,
      },
    }),
  );
}

const referenceItem = async (txid: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.railChargeId(apiPixRailName, txid) }),
    )
  ).Item;

describe('Pix charge references', () => {
  it('finds a charge through its transaction id reservation, with no reference item', async () => {
    const ref = newRef();
    await reserve(ref);
    const txid = txidFor(ref);
    await keepPixChargeReference(ref, txid);
    expect(await referenceItem(txid)).toBeUndefined();
    expect((await findPixCharges([txid])).get(txid)).toEqual(ref);
  });

  it('does not take a txid with another account hash for the reserved transaction', async () => {
    const ref = newRef();
    await reserve(ref);
    const forged = txidFor({ ...ref, accountId: 'acc_someone_else' });
    expect((await findPixCharges([forged])).has(forged)).toBe(false);
  });

  it('keeps a reference item for a transaction older than the reservation, and finds it through it', async () => {
    const ref = newRef();
    const txid = txidFor(ref);
    await keepPixChargeReference(ref, txid);
    expect(await referenceItem(txid)).toMatchObject(ref);
    const both = await findPixCharges([txid, 'not0ours']);
    expect(both.get(txid)).toEqual(ref);
    expect(both.has('not0ours')).toBe(false);
  });
});
