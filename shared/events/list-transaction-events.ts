import { listEventsWithAttempts } from '../store/events.ts';
import { findTransaction } from '../transactions/get-transaction.ts';
import { type EventView, eventView } from './event-views.ts';

export async function listTransactionEvents(
  accountId: string,
  transactionId: string,
): Promise<{ data: EventView[] }> {
  const transaction = await findTransaction(accountId, transactionId, 'id');
  const events = await listEventsWithAttempts(accountId, transaction.id);
  return { data: events.map((event) => eventView(event, event.attempts, transaction)) };
}
