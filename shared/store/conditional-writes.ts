// Conditional writes whose failed condition is an expected outcome (the item is no longer in the
// state the caller expected), not a fault: they answer false instead of throwing. A write that
// loses a race with a transaction on AWS (TransactionConflict) is retried before anything else.
import {
  type DeleteCommand,
  type PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type UpdateCommand,
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

export async function transactIf(
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
): Promise<boolean> {
  try {
    await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
    return true;
  } catch (error) {
    if (failedConditions(error).length) return false;
    throw error;
  }
}
