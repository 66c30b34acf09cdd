// The sale settings are top-level attributes of the account item (merchant routes read the
// account anyway), so a change is one update of the fields it names.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountEmailSettings, AccountRecord } from '../accounts/account.ts';
import { type SaleSettings, saleSettingsOf } from '../accounts/sale-settings.ts';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { retryingConflicts } from './transaction-conflicts.ts';

/** undefined when the account does not exist. */
export async function updateSaleSettings(
  accountId: string,
  changes: { [Field in keyof SaleSettings]?: SaleSettings[Field] | null },
  updatedAt: string,
): Promise<SaleSettings | undefined> {
  const fields = [
    ...Object.entries(changes).filter(([, value]) => value !== undefined),
    ['updatedAt', updatedAt],
  ];
  try {
    const { Attributes } = await retryingConflicts(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.account(accountId),
          UpdateExpression: `SET ${fields.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(fields.map(([name], index) => [`#f${index}`, name])),
          ExpressionAttributeValues: Object.fromEntries(
            fields.map(([, value], index) => [`:v${index}`, value]),
          ),
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return saleSettingsOf(Attributes as AccountRecord | undefined);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Replaces the account's e-mail settings; undefined when the account does not exist. */
export async function putEmailSettings(
  accountId: string,
  settings: AccountEmailSettings,
  updatedAt: string,
): Promise<AccountEmailSettings | undefined> {
  try {
    await retryingConflicts(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.account(accountId),
          UpdateExpression: 'SET emailSettings = :settings, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':settings': settings, ':now': updatedAt },
        }),
      ),
    );
    return settings;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
