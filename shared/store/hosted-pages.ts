// The hosted payer page entry: an unguessable token → the transaction it shows. Written with
// the instruction (transaction-updates.ts `saveInstruction`), so a page exists only once there
// is something to pay.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { keys } from './keys.ts';

export interface HostedPageRef {
  accountId: string;
  transactionId: string;
}

export async function getHostedPage(token: string): Promise<HostedPageRef | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.hostedPage(token) }),
  );
  if (typeof Item?.accountId !== 'string' || typeof Item.transactionId !== 'string') return undefined;
  return { accountId: Item.accountId, transactionId: Item.transactionId };
}
