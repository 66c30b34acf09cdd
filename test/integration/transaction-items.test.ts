// A transaction is stored as its state (`TX`, what state changes write) and its details
// (`TX#DETAILS`, written once): DynamoDB bills every write by the whole item, a unit per KB, so
// the instruction and PAID must rewrite an item under 1 KB whatever the merchant sent. A
// transaction written before the split (one item) reads the same.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { keys } from '../../shared/store/keys.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { itemBytes } from '../bench/cost-model/capacity-units.ts';
import { call, createKey, pollUntil, useSharedStore } from '../support/api.ts';
import { boletoBody, pixBody } from '../support/purchase-fixtures.ts';

/** All a merchant may send at its longest where the contract lets it be long. */
const longest = {
  name: 'Maria Aparecida da Conceição dos Santos Albuquerque de Oliveira e Silva',
  email: 'maria.aparecida.conceicao.santos.albuquerque@pagamentos.exemplo.com.br',
  description: 'Pedido 1234 — '.padEnd(255, 'x'),
};

async function item(key: { pk: string; sk: string }) {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return Item;
}

describe('a transaction stored as state and details', () => {
  it.each([
    ['PIX', pixBody()],
    ['BOLETO', boletoBody()],
  ])(
    '%s: its state stays under 1 KB through PAID, with the longest description and payer',
    async (_method, body) => {
      useSharedStore();
      const { secretKey: key, accountId } = await createKey(['createTransaction']);
      const created = await call('POST', '/transactions/v2/purchase', { key, body: { ...body, ...longest } });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id as string;
      await pollUntil(
        async () => (await call('GET', `/transactions/${id}`, { key })).body,
        (tx) => Boolean(tx.qr || tx.boletoDigitableLine),
        15_000,
        50,
      );
      expect((await call('POST', `/sandbox/transactions/${id}/pay`, { key })).status).toBeLessThan(300);
      const paid = await pollUntil(
        async () => (await call('GET', `/transactions/${id}`, { key })).body,
        (tx) => tx.status === 'PAID',
        15_000,
        50,
      );

      const state = (await item(keys.transaction(accountId, id)))!;
      const details = (await item(keys.transactionDetails(accountId, id)))!;
      expect(state.status).toBe('PAID');
      expect(itemBytes(state)).toBeLessThan(1024);
      // What never changes is in the details alone.
      expect(state.payer).toBeUndefined();
      expect(state.description).toBeUndefined();
      expect(details.description).toBe(longest.description);
      // The API shows the whole transaction: its payer comes from the details.
      expect(paid).toMatchObject({ id, status: 'PAID' });
      expect(paid.payer).toMatchObject({ name: longest.name, email: longest.email });
    },
  );

  it('a transaction written before the split, as one item, reads the same', async () => {
    useSharedStore();
    const { secretKey: key, accountId } = await createKey(['createTransaction']);
    const created = await call('POST', '/transactions/v2/purchase', { key, body: pixBody() });
    const id = created.body.id as string;
    const split = await getTransaction(accountId, id, true);
    const state = (await item(keys.transaction(accountId, id)))!;
    const details = (await item(keys.transactionDetails(accountId, id)))!;
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...details, ...state } }));
    await dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.transactionDetails(accountId, id) }),
    );
    expect(await getTransaction(accountId, id, true)).toEqual(split);
    expect((await call('GET', `/transactions/${id}`, { key })).body).toMatchObject({
      id,
      payer: { name: pixBody().name },
    });
  });
});
