// The integration example of docs/api.md, run for real: the typed client generated from
// /openapi.json creates a purchase, polls its instruction, pays it in the sandbox, and the
// cashin.paid webhook is verified with standardwebhooks and typed by the document.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConformance, documentOf, pollUntil, sharedStack } from '../support/api.ts';
import { type components, createApiClient } from '../support/openapi-client/client.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

type CashinPaidEvent = components['schemas']['CashinPaidEvent'];

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

/** The typed client, with every answer also checked against the document. */
function client() {
  const { baseUrl, secretKey } = sharedStack();
  return createApiClient({
    baseUrl,
    secretKey,
    fetch: async (input) => {
      const request = input as Request;
      const response = await fetch(request);
      const text = await response.clone().text();
      await checkConformance(request.method, new URL(request.url).pathname, {
        status: response.status,
        headers: response.headers,
        text,
      });
      return response;
    },
  });
}

describe('typed client (openapi-fetch over the generated types)', () => {
  it('creates a purchase, polls its instruction, pays and verifies the webhook', async () => {
    const api = client();
    const externalId = `typed-${Date.now()}`;
    const { data: created, error } = await api.POST('/transactions/v2/purchase', {
      params: { header: { 'Idempotency-Key': externalId } },
      body: {
        currency: 'BOB',
        name: 'Ana Mamani',
        email: 'ana@example.bo',
        phone: '+59171234567',
        amount: 10_000,
        description: 'Compra 77',
        responsibleDocument: '4567890 LP',
        responsibleExternalId: 'cli-3',
        externalId,
        postbackUrl: receiver.url,
      },
    });
    expect(error).toBeUndefined();
    expect(created!.status).toBe('PENDING');

    const filled = await pollUntil(
      async () => (await api.GET('/transactions/{id}', { params: { path: { id: created!.id } } })).data,
      (transaction) => Boolean(transaction?.qr),
    );
    expect(filled?.qr).toMatch(/^000201/);

    const paid = await api.POST('/sandbox/transactions/{id}/pay', { params: { path: { id: created!.id } } });
    expect(paid.data?.railStatus).toBe('PAID');

    const delivery = await pollUntil(
      async () => receiver.received.find((hook) => hook.body.includes(externalId)),
      Boolean,
    );
    const event = new Webhook(sharedStack().webhookSecret).verify(
      delivery!.body,
      delivery!.headers as Record<string, string>,
    ) as CashinPaidEvent;
    expect((await documentOf()).verifyComponent('CashinPaidEvent', JSON.parse(delivery!.body))).toEqual([]);
    expect(event.type).toBe('cashin.paid');
    expect(event.data).toMatchObject({ id: created!.id, status: 'PAID', externalId });
  });

  it('types the error bodies too', async () => {
    const { data, error, response } = await client().GET('/transactions/{id}', {
      params: { path: { id: '404404404' } },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
