// State changes of a transaction, each one conditional write (or transaction) that only
// succeeds from the expected state, so duplicate or racing workers cannot apply one twice.

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { paymentLedger } from '../balance/ledger.ts';
import { tableName } from '../config.ts';
import { emailDueAt } from '../emails/start-email.ts';
import { hostedPageTtl } from '../hosted-pages/page-expiry.ts';
import { pageTokenAddress } from '../hosted-pages/page-model.ts';
import type { PaidOnRail, RailInstruction } from '../rails/rail-port.ts';
import { countedClose } from '../transactions/counted-close.ts';
import {
  lastLookStatuses,
  payableStatuses,
  type TransactionRecord,
  type TransactionStatus,
} from '../transactions/transaction.ts';
import { transactIf, writeIf } from './conditional-writes.ts';
import { countChange, countChanges } from './daily-counters.ts';
import { emailJobItems } from './emails.ts';
import { type EventWrites, eventWriteItems } from './event-writes.ts';
import { keys } from './keys.ts';
import { ledgerWriteItems } from './ledger.ts';

/** `#status IN (…)` for the given states, with its values (`#status` names `status`). */
function statusIn(statuses: readonly TransactionStatus[]): {
  condition: string;
  values: Record<string, string>;
} {
  const values = Object.fromEntries(statuses.map((status, index) => [`:state${index}`, status]));
  return { condition: `#status IN (${Object.keys(values).join(', ')})`, values };
}

const pendingAndUnfilled =
  '#status = :pending AND (attribute_not_exists(instructionFilledAt) OR attribute_type(instructionFilledAt, :nullType))';

/**
 * Writes the instruction (only while PENDING and not filled yet) and moves the transaction from
 * "instruction owed" to "payment to watch" in the work index: one conditional write. A page
 * token carries its transaction's id; only a transaction made before that (its token is a bare
 * secret) still gets a page entry, in the same transaction.
 */
export function saveInstruction(
  transaction: TransactionRecord,
  instruction: RailInstruction,
  expiresAt: string | null,
  firstPollDueAt: string,
  now: Date,
): Promise<boolean> {
  const fields: Record<string, unknown> = {
    instructionFilledAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt,
    ...keys.pendingWork('watch-payment', firstPollDueAt, transaction.id),
  };
  if (instruction.type === 'BOLETO')
    Object.assign(fields, {
      boletoBarcode: instruction.barcode,
      boletoDigitableLine: instruction.digitableLine,
      boletoUrl: instruction.boletoUrl,
    });
  if (instruction.type === 'REDIRECT') fields.redirectUrl = instruction.redirectUrl;
  if (instruction.type === 'QR') fields.qr = instruction.qr;
  if (instruction.type === 'QR' && instruction.pageUrl) fields.redirectUrl = instruction.pageUrl;
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':pending': 'PENDING', ':nullType': 'NULL' };
  const sets = Object.entries(fields).map(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = value;
    return `#f${index} = :v${index}`;
  });
  const update = {
    TableName: tableName(),
    Key: keys.transaction(transaction.accountId, transaction.id),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: pendingAndUnfilled,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  const address = pageTokenAddress(transaction.pageToken);
  // The payer's instruction e-mail is owed from the same write (shared/emails).
  const email = emailJobItems(transaction, 'instruction', emailDueAt(now), now);
  if (!address || !('entry' in address)) return transactIf([{ Update: update }, ...email]);
  return transactIf([
    { Update: update },
    ...email,
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.hostedPage(transaction.pageToken),
          entity: 'hostedPage',
          accountId: transaction.accountId,
          transactionId: transaction.id,
          createdAt: now.toISOString(),
          ttl: hostedPageTtl(expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/**
 * PENDING → PAID together with its events (the one `cashin.paid`: its id names the transaction,
 * so it needs no lookup item) and its ledger entries (payment, fee) with the balance, in one
 * DynamoDB transaction: the event and the money exist exactly when the transaction is PAID.
 * EXPIRED, CANCELED and FAILED → PAID too (payableStatuses): a payment the rail reports after we
 * closed the charge, or gave up its work, is money that arrived, never silent. The write is
 * conditional on the status the caller read (one of those), so that a closed transaction leaves
 * its close's summary bucket in the same write (each transaction counts once, in its current
 * status); false when the status is no longer that one (or an opt-in choice changed).
 */
export function markPaidWithEvents(
  transaction: TransactionRecord,
  { paidAt, paymentId }: PaidOnRail,
  events: EventWrites,
  now: Date,
): Promise<boolean> {
  const payable = statusIn(payableStatuses);
  const closed = countedClose(transaction);
  return transactIf([
    {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(transaction.accountId, transaction.id),
        // The rail's id of the payment is kept: a refund on the rail names it (Pix: the endToEndId).
        UpdateExpression: `SET #status = :paid, paidAt = :paidAt, updatedAt = :now${paymentId ? ', railPaymentId = :paymentId' : ''} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: `#status = :was AND ${payable.condition}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':paid': 'PAID',
          ':was': transaction.status,
          ...payable.values,
          ':paidAt': paidAt,
          ':now': now.toISOString(),
          ...(paymentId ? { ':paymentId': paymentId } : {}),
        },
      },
    },
    ...eventWriteItems(events),
    // The money's ledger entries (payment, fee) and the balance: booked when recorded.
    ...ledgerWriteItems(paymentLedger(transaction, now.toISOString())),
    // The receipt e-mail is owed from the same write (shared/emails).
    ...emailJobItems(transaction, 'receipt', emailDueAt(now), now),
    ...countChanges(transaction, [
      { change: 'paid', at: paidAt },
      ...(closed ? [{ change: closed.change, at: closed.at, by: -1 as const }] : []),
    ]),
  ]);
}

/**
 * PENDING → EXPIRED or CANCELED, or FAILED → CANCELED, once the caller has closed the charge on
 * the rail: only from the state the caller read (`transaction.status`). The payment watch stays
 * in the work index for one last look at the rail at `lastLookDueAt` (null: no look, e.g. no
 * instruction was ever shown, so nothing can have been paid); all other work ends. `events` (the
 * close's, from writeWithEvents) are written in the same transaction.
 */
export function markClosed(
  transaction: TransactionRecord,
  status: 'EXPIRED' | 'CANCELED',
  lastLookDueAt: string | null,
  now: Date,
  events: EventWrites,
): Promise<boolean> {
  const sets = ['#status = :closed', 'updatedAt = :now', 'closedAt = :now'];
  const values: Record<string, unknown> = {
    ':closed': status,
    ':from': transaction.status,
    ':now': now.toISOString(),
  };
  if (status === 'CANCELED') sets.push('canceledAt = :now');
  if (lastLookDueAt) {
    const work = keys.pendingWork('watch-payment', lastLookDueAt, transaction.id);
    sets.push('gsi2pk = :workPk', 'gsi2sk = :workSk');
    Object.assign(values, { ':workPk': work.gsi2pk, ':workSk': work.gsi2sk });
  }
  return transactIf([
    {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(transaction.accountId, transaction.id),
        UpdateExpression: `SET ${sets.join(', ')}${lastLookDueAt ? '' : ' REMOVE gsi2pk, gsi2sk'}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    },
    countChange(status === 'EXPIRED' ? 'expired' : 'canceled', { ...transaction, at: now.toISOString() }),
    ...eventWriteItems(events),
  ]);
}

/** Ends the last look's work, only for the job that owns it (the one carrying its due time). */
export function endLastLook(transaction: TransactionRecord, expectedDueAt: string): Promise<boolean> {
  const closed = statusIn(lastLookStatuses);
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.transaction(transaction.accountId, transaction.id),
      UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      ConditionExpression: `${closed.condition} AND gsi2sk = :expected`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ...closed.values,
        ':expected': keys.pendingWork('watch-payment', expectedDueAt, transaction.id).gsi2sk,
      },
    }),
  );
}

/**
 * The rail refused the charge for good: the reason goes on the transaction (shown by GET) and
 * its instruction work leaves the index, so nothing retries what cannot succeed.
 */
export function failInstruction(transaction: TransactionRecord, reason: string, now: Date): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.transaction(transaction.accountId, transaction.id),
      UpdateExpression: 'SET instructionFailure = :reason, updatedAt = :now REMOVE gsi2pk, gsi2sk',
      ConditionExpression: pendingAndUnfilled,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':reason': reason,
        ':now': now.toISOString(),
        ':pending': 'PENDING',
        ':nullType': 'NULL',
      },
    }),
  );
}
