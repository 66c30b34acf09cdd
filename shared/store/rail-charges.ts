// State the sandbox rails keep "on the provider's side", in their own key space of the table.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { RailInstruction } from '../rails/rail-port.ts';
import { isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

export interface RailChargeRecord {
  rail: string;
  chargeId: string;
  accountId: string;
  transactionId: string;
  amount: number;
  instruction: RailInstruction;
  /** Epoch ms from which the instruction is available. */
  readyAt: number;
  expiresAt: string;
  status: 'PENDING' | 'PAID';
  paidAt: string | null;
  createdAt: string;
}

/** Creates the charge unless it already exists (then it leaves the stored one as it is). */
export async function putRailChargeOnce(record: RailChargeRecord): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.railCharge(record.rail, record.chargeId), entity: 'railCharge', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function getRailCharge(rail: string, chargeId: string): Promise<RailChargeRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.railCharge(rail, chargeId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<RailChargeRecord>(Item) : undefined;
}

export type MarkPaidOutcome = 'paid' | 'already-paid' | 'expired' | 'not-found';

/** PENDING → PAID while not expired, as one conditional update. */
export async function markRailChargePaid(
  rail: string,
  chargeId: string,
  now: Date,
): Promise<MarkPaidOutcome> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.railCharge(rail, chargeId),
        UpdateExpression: 'SET #status = :paid, paidAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND expiresAt > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 'PAID', ':pending': 'PENDING', ':now': now.toISOString() },
      }),
    );
    return 'paid';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const charge = await getRailCharge(rail, chargeId);
  if (!charge) return 'not-found';
  return charge.status === 'PAID' ? 'already-paid' : 'expired';
}
