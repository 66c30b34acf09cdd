// A look that finds the instruction not ready yet keeps the work's due time when it already
// outlasts the next look (the purchase sets one a sweep grace ahead): no write, so a rail that
// takes a moment costs nothing extra. Nearer its due time, the look moves it, as before.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { keys } from '../../shared/store/keys.ts';
import { fillInstruction } from '../../shared/transactions/fill-instruction.ts';
import { createKey, sharedStack } from '../support/api.ts';
import { insertPendingPurchase } from '../support/pending-purchase.ts';

async function pendingTransaction(instructionDueAt: Date, now: Date) {
  const { accountId } = await createKey(['createTransaction']);
  const { id } = await insertPendingPurchase({ accountId, instructionDueAt, now });
  const dueAt = instructionDueAt.toISOString();
  /** The instruction work's sort key, or null once the stack's worker (the next look) filled it. */
  const workSortKey = async () => {
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: sharedStack().tableName,
        Key: keys.transaction(accountId, id),
        ConsistentRead: true,
      }),
    );
    return String(Item?.gsi2pk).startsWith(keys.pendingWorkPrefix('fill-instruction'))
      ? (Item?.gsi2sk as string)
      : null;
  };
  return { accountId, id, dueAt, workSortKey };
}

describe('instruction looks', () => {
  it('keep a due time that outlasts the next look: the work index is not written', async () => {
    const now = new Date();
    const tx = await pendingTransaction(new Date(now.getTime() + 60_000), now);
    const before = (await tx.workSortKey())!;
    expect(before).toBe(keys.pendingWork('fill-instruction', tx.dueAt, tx.id).gsi2sk);
    expect(
      await fillInstruction({ accountId: tx.accountId, transactionId: tx.id, workDueAt: tx.dueAt }, now),
    ).toBe('waiting');
    // Unchanged (or already filled by the next look, which the stack's worker may run meanwhile).
    expect([before, null]).toContain(await tx.workSortKey());
  });

  it('move a due time the next look would outlast, and a chain that lost the work stops', async () => {
    const now = new Date();
    const tx = await pendingTransaction(new Date(now.getTime() + 3_000), now);
    const before = (await tx.workSortKey())!;
    expect(
      await fillInstruction({ accountId: tx.accountId, transactionId: tx.id, workDueAt: tx.dueAt }, now),
    ).toBe('waiting');
    const after = await tx.workSortKey();
    // Moved later (or already filled by the next look).
    if (after !== null) expect(after > before).toBe(true);
    // A copy of the first job, holding the old mark: the work moved, so it stops.
    expect(
      await fillInstruction(
        { accountId: tx.accountId, transactionId: tx.id, attempt: 1, workDueAt: tx.dueAt },
        now,
      ),
    ).toBe('nothing-to-do');
    expect(await tx.workSortKey()).not.toBe(before);
  });
});
