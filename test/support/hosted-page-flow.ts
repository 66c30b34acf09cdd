// Steps the browser (and some integration) tests share: buy through the API, wait for the
// instruction, check a page response's headers, and follow a payment to PAID and to its webhook.

import type { Response } from 'playwright-core';
import { expect } from 'vitest';
import { call, checkConformanceNow, pollUntil } from './api.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';

export async function purchaseWithInstruction(
  body: Record<string, unknown>,
  filled: (tx: any) => boolean,
  /** The buyer's key; the shared stack's default key when absent. */
  key?: string,
): Promise<any> {
  const created = await call('POST', '/transactions/v2/purchase', { body, key });
  expect(created.status, created.text).toBe(201);
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    filled,
    15_000,
    50,
  );
  expect(filled(tx), 'instruction filled').toBe(true);
  return tx;
}

export function expectPageHeaders(response: Response | null, status: number): void {
  expect(response, 'navigation response').not.toBeNull();
  expect(response!.status()).toBe(status);
  const headers = response!.headers();
  checkConformanceNow(response!.request().method(), response!.url(), {
    status: response!.status(),
    headers: new Headers(headers),
    text: '',
  });
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  expect(headers['content-security-policy']).toMatch(
    /^default-src 'none'; img-src data:; style-src 'nonce-[A-Za-z0-9+/=]+'/,
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-store');
}

/** The transaction reaches PAID through the API and its one cashin.paid reaches the receiver. */
export async function expectPaidAndNotified(transactionId: string, receiver: WebhookReceiver): Promise<void> {
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${transactionId}`)).body,
    (t) => t.status === 'PAID',
    15_000,
    50,
  );
  expect(tx.status).toBe('PAID');
  const deliveries = () => receiver.received.filter((r) => JSON.parse(r.body).data?.id === transactionId);
  // DELIVERED is recorded after the receiver answered; from then on no copy of the job posts again.
  const [event] = await pollUntil(
    async () => (await call('GET', `/transactions/${transactionId}/events`)).body.data,
    (list) => list[0]?.deliveryStatus === 'DELIVERED',
    15_000,
    50,
  );
  expect(event?.deliveryStatus).toBe('DELIVERED');
  const received = deliveries();
  expect(received).toHaveLength(1);
  expect(JSON.parse(received[0]!.body)).toMatchObject({
    type: 'cashin.paid',
    data: { id: transactionId, status: 'PAID' },
  });
}
