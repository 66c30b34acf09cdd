// Conditional writes whose failed condition is an expected outcome (the item is no longer in the
// state the caller expected), not a fault: they answer false instead of throwing. A write that
// loses a race with a transaction on AWS (TransactionConflict) is retried before anything else.
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import { retryingConflicts } from './transaction-conflicts.ts';

export async function writeIf(command: UpdateCommand | PutCommand | DeleteCommand): Promise<boolean> {
  try {
    await retryingConflicts(() => dynamo().send(command as UpdateCommand));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * A state change of one item or more, all or nothing. One item is sent as the plain conditional
 * write it is: as atomic, and DynamoDB bills a transaction's writes twice.
 */
export async function transactIf(items: TransactItems): Promise<boolean> {
  const single = items.length === 1 ? singleWrite(items[0]!) : undefined;
  if (single) return writeIf(single);
  try {
    await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
    return true;
  } catch (error) {
    if (failedConditions(error).length) return false;
    throw error;
  }
}

function singleWrite(item: TransactItems[number]): UpdateCommand | PutCommand | DeleteCommand | undefined {
  if (item.Update) return new UpdateCommand(item.Update);
  if (item.Put) return new PutCommand(item.Put);
  if (item.Delete) return new DeleteCommand(item.Delete);
  return undefined;
}
