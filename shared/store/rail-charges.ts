// State the sandbox rails keep "on the provider's side", in their own key space of the table.
// A charge is addressed by rail, account and transaction: never by the transaction id alone.
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { ChargeRef, RailInstruction } from '../rails/rail-port.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { itemsOfEntries } from './paged-query.ts';
import { withoutKeys } from './records.ts';

export interface RailChargeRecord {
  rail: string;
  accountId: string;
  transactionId: string;
  /** Absent (like the fields below) on a charge closed before it was registered. */
  amount: number;
  instruction: RailInstruction;
  /** Epoch ms from which the instruction is available. */
  readyAt: number;
  /** Until when the payer can pay. */
  expiresAt: string;
  status: 'PENDING' | 'PAID';
  /** When the payer paid. */
  paidAt: string | null;
  /** Epoch ms from which the rail reports the payment (a rail can learn of a payment late). */
  settlesAt: number | null;
  /** Set when the charge was closed on the rail's side (no payment accepted after it). */
  closedAt: string | null;
  createdAt: string;
}

const keyOf = (rail: string, charge: ChargeRef) =>
  keys.railCharge(rail, charge.accountId, charge.transactionId);

/**
 * Creates the charge unless it exists. An existing charge is accepted only when it is this very
 * charge (same account, transaction and amount: a retried registration); anything else throws.
 */
export async function putRailChargeOnce(record: RailChargeRecord): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keyOf(record.rail, record), entity: 'railCharge', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getRailCharge(record.rail, record);
    // Closed (canceled) before it was registered: it stays closed, nothing to register.
    if (existing?.closedAt && existing.amount === undefined) return;
    if (
      existing?.accountId !== record.accountId ||
      existing.transactionId !== record.transactionId ||
      existing.amount !== record.amount
    )
      throw new Error(`rail ${record.rail} already holds a different charge for this reference`);
  }
}

export async function getRailCharge(rail: string, charge: ChargeRef): Promise<RailChargeRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(rail, charge), ConsistentRead: true }),
  );
  return Item ? withoutKeys<RailChargeRecord>(Item) : undefined;
}

/** The listing every sandbox rail reports to: one statement, as one bank serving all the methods. */
export const sandboxListingName = 'sandbox';

/**
 * PENDING → PAID while payable (not expired, not closed), in one transaction with the payment's
 * line in the sandbox listing: the rail reports it, by status and in its listing, from
 * `settlesAt` on.
 */
export async function markRailChargePaid(
  rail: string,
  charge: ChargeRef & { amount: number },
  now: Date,
  settleAfterMs = 0,
): Promise<MarkPaidOutcome> {
  const settlesAt = now.getTime() + settleAfterMs;
  const reportedAt = new Date(settlesAt).toISOString();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keyOf(rail, charge),
              UpdateExpression: 'SET #status = :paid, paidAt = :now, settlesAt = :settlesAt',
              ConditionExpression:
                'attribute_exists(pk) AND #status = :pending AND expiresAt > :now AND ' +
                '(attribute_not_exists(closedAt) OR attribute_type(closedAt, :nullType))',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':paid': 'PAID',
                ':pending': 'PENDING',
                ':now': now.toISOString(),
                ':settlesAt': settlesAt,
                ':nullType': 'NULL',
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.railPaymentReport(
                  sandboxListingName,
                  reportedAt,
                  rail,
                  charge.accountId,
                  charge.transactionId,
                ),
                entity: 'railPaymentReport',
                rail,
                accountId: charge.accountId,
                transactionId: charge.transactionId,
                amount: charge.amount,
                paidAt: now.toISOString(),
                reportedAt,
              },
            },
          },
        ],
      }),
    );
    return 'paid';
  } catch (error) {
    if (!failedConditions(error).length) throw error;
  }
  const existing = await getRailCharge(rail, charge);
  if (!existing) return 'not-found';
  if (existing.status === 'PAID') return 'already-paid';
  return existing.closedAt ? 'closed' : 'expired';
}

export type MarkPaidOutcome = 'paid' | 'already-paid' | 'expired' | 'closed' | 'not-found';

/** A payment the rail knows of (it has settled): what the rail reports. */
export function settledPayment(charge: RailChargeRecord, now: Date): string | null {
  if (charge.status !== 'PAID' || !charge.paidAt) return null;
  return (charge.settlesAt ?? 0) <= now.getTime() ? charge.paidAt : null;
}

/**
 * Closes the charge unless the rail already knows of a payment (a payment still settling is not
 * known yet: like a boleto registry, the close succeeds and the payment is reported later).
 * A charge not registered yet is closed as an empty record, so a registration that arrives
 * later cannot reopen it. Answers the charge as it stands after the attempt.
 */
export async function closeRailCharge(
  rail: string,
  charge: ChargeRef,
  reason: string,
  now: Date,
): Promise<RailChargeRecord | undefined> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(rail, charge),
        UpdateExpression:
          'SET closedAt = :now, closeReason = :reason, rail = if_not_exists(rail, :rail), ' +
          'accountId = if_not_exists(accountId, :accountId), transactionId = if_not_exists(transactionId, :transactionId)',
        ConditionExpression:
          '(attribute_not_exists(closedAt) OR attribute_type(closedAt, :nullType)) AND ' +
          '(attribute_not_exists(#status) OR #status = :pending OR settlesAt > :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':nowMs': now.getTime(),
          ':reason': reason,
          ':rail': rail,
          ':accountId': charge.accountId,
          ':transactionId': charge.transactionId,
          ':pending': 'PENDING',
          ':nullType': 'NULL',
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return getRailCharge(rail, charge);
}

/** How a rail's own charge id (e.g. an API Pix txid) leads back to the transaction. */
export interface ChargeReference {
  accountId: string;
  transactionId: string;
}

/** Records the reference once; a second write with the same id is a retried registration. */
export async function putChargeReference(
  rail: string,
  chargeId: string,
  ref: ChargeReference,
): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.railChargeId(rail, chargeId), entity: 'railChargeId', ...ref },
        ConditionExpression:
          'attribute_not_exists(pk) OR (accountId = :account AND transactionId = :transaction)',
        ExpressionAttributeValues: { ':account': ref.accountId, ':transaction': ref.transactionId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new Error(`rail ${rail} charge ${chargeId} already belongs to another transaction`);
  }
}

/**
 * The references of many charge ids at once (a page of a rail's listing), read in batches of a
 * hundred; an id with no reference is left out. Eventually consistent: a reference is written
 * before its charge exists on the rail, long before anyone can pay it.
 */
export async function getChargeReferences(
  rail: string,
  chargeIds: readonly string[],
): Promise<Map<string, ChargeReference>> {
  const items = await itemsOfEntries(chargeIds.map((chargeId) => keys.railChargeId(rail, chargeId)));
  const references = new Map<string, ChargeReference>();
  items.forEach((item, index) => {
    if (item)
      references.set(chargeIds[index]!, {
        accountId: String(item.accountId),
        transactionId: String(item.transactionId),
      });
  });
  return references;
}
