// The hosted payer page entry of a transaction made before page tokens carried the transaction
// id: an unguessable token → the transaction it shows. Written with the instruction
// (transaction-updates.ts `saveInstruction`); newer pages need none (load-hosted-page.ts).
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
