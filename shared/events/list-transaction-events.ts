import { accountSettings } from '../accounts/account-settings.ts';
import { listEventsWithAttempts } from '../store/events.ts';
import { findTransaction } from '../transactions/get-transaction.ts';
import { type EventView, eventView } from './event-views.ts';

export async function listTransactionEvents(
  accountId: string,
  transactionId: string,
): Promise<{ data: EventView[] }> {
  const transaction = await findTransaction(accountId, transactionId, 'id');
  const [events, account] = await Promise.all([
    listEventsWithAttempts(accountId, transaction.id),
    accountSettings(accountId),
  ]);
  return {
    data: events.map((event) => eventView(event, event.attempts, transaction, account?.webhookUrl)),
  };
}
