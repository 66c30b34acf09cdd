// docs/api.md: "`Idempotency-Key` (1–255 visible ASCII characters): the same key and body within 24 h
// replay the first 201". Malformed keys, the length of the window, and a key free again after it.
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, sharedStack, useSharedStore } from '../support/api.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';

const purchase = (body: unknown, idempotencyKey: string) =>
  call('POST', '/transactions/v2/purchase', { body, headers: { 'idempotency-key': idempotencyKey } });

describe('Idempotency-Key', () => {
  it.each([
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'two words'],
    ['a tab', 'tab\there'],
    ['a character outside ASCII', 'chave-\u00fc'],
  ])('with %s → 400 naming the header', async (_name, idempotencyKey) => {
    const response = await purchase(copBody(), idempotencyKey);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      message: expect.stringContaining('Idempotency-Key'),
      error: 'Bad Request',
    });
  });

  it('accepts 1 and 255 visible ASCII characters', async () => {
    const shortKey = randomUUID().slice(0, 1);
    // One character is easily reused by another test of the account: use a fresh account.
    const own = await createKey(['createTransaction']);
    const one = await call('POST', '/transactions/v2/purchase', {
      body: copBody(),
      key: own.secretKey,
      headers: { 'idempotency-key': shortKey },
    });
    expect(one.status).toBe(201);
    const longest = `${randomUUID()}${'~'.repeat(255 - 36)}`;
    expect((await purchase(copBody(), longest)).status).toBe(201);
  });

  it('keeps a key 24 h: replayed within the window, free for a new request after it', async () => {
    useSharedStore();
    const idempotencyKey = `window-${randomUUID()}`;
    const first = await purchase(copBody(), idempotencyKey);
    expect(first.status).toBe(201);
    const replay = await purchase(copBody(), idempotencyKey);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    const key = keys.idempotency(sharedStack().accountId, idempotencyKey);
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: sharedStack().tableName, Key: key, ConsistentRead: true }),
    );
    // The record lives exactly 24 h from when the key was first used.
    expect(Item!.ttl - Math.floor(Date.parse(Item!.createdAt) / 1000)).toBe(24 * 60 * 60);

    // Let the 24 h pass for this record (DynamoDB's TTL deletion is lazy, so it may still be there).
    await dynamo().send(
      new UpdateCommand({
        TableName: sharedStack().tableName,
        Key: key,
        UpdateExpression: 'SET #ttl = :expired',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':expired': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const afterWindow = await purchase(bobBody(), idempotencyKey);
    expect(afterWindow.status).toBe(201);
    expect(afterWindow.headers.get('idempotent-replayed')).toBeNull();
    expect(afterWindow.body.id).not.toBe(first.body.id);
    expect(afterWindow.body.currency).toBe('BOB');
  });
});
