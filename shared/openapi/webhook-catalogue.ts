// Every webhook event type the service sends, with its payload: the document's `webhooks`
// section is built from this table. A new event type does not compile until it has a row.
import type { GenericSchema } from 'valibot';
import { webhookEnvelopeSchema } from '../events/event-responses.ts';
import { transactionSchema } from '../transactions/transaction-responses.ts';
import type { WebhookEventType } from '../webhooks/envelope.ts';

export interface WebhookDoc {
  /** Component name of the envelope schema. */
  readonly schemaName: string;
  readonly schema: GenericSchema;
  readonly summary: string;
  readonly description: string;
}

export const webhookCatalogue: Record<WebhookEventType, WebhookDoc> = {
  'cashin.paid': {
    schemaName: 'CashinPaidEvent',
    schema: webhookEnvelopeSchema('cashin.paid', transactionSchema, 'CashinPaidEvent'),
    summary: 'A transaction was paid',
    description:
      'Sent once per transaction when the money is received. `data` is the transaction as `GET /transactions/{id}` shows it once paid (status `PAID`, `paidAt` set, `externalId` when one was given).',
  },
};
