import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { keys } from './keys.ts';

export async function tableAnswers(): Promise<boolean> {
  await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.healthProbe() }));
  return true;
}
