// An account's branding item (keys.branding): what hosted payer pages show. Each change is one
// update of this item; the logo change answers the key it replaced from the same update, so two
// racing uploads each learn which object to delete.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountBranding } from '../accounts/account.ts';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';

export interface BrandingRecord extends AccountBranding {
  updatedAt: string;
}

const brandingOfItem = (item: Record<string, unknown>): BrandingRecord => ({
  displayName: (item.displayName as string | null | undefined) ?? null,
  brandColor: (item.brandColor as string | null | undefined) ?? null,
  logoKey: (item.logoKey as string | null | undefined) ?? null,
  updatedAt: String(item.updatedAt ?? ''),
});

export async function getBranding(accountId: string): Promise<BrandingRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.branding(accountId) }),
  );
  return Item ? brandingOfItem(Item) : undefined;
}

/**
 * Creates the item from the branding an account item carried before branding had its own item;
 * a no-op once it exists.
 */
export async function seedBranding(accountId: string, branding: AccountBranding, now: string): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.branding(accountId), ...branding, updatedAt: now },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Sets the display name and colour, keeping the logo. */
export async function updateBranding(
  accountId: string,
  changes: { displayName: string | null; brandColor: string | null },
  now: string,
): Promise<BrandingRecord> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.branding(accountId),
      UpdateExpression: 'SET displayName = :name, brandColor = :color, updatedAt = :now',
      ExpressionAttributeValues: { ':name': changes.displayName, ':color': changes.brandColor, ':now': now },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return brandingOfItem(Attributes ?? {});
}

/** Points the branding at a logo object (null removes it) and answers the key it replaced. */
export async function setBrandingLogoKey(
  accountId: string,
  logoKey: string | null,
  now: string,
): Promise<{ branding: BrandingRecord; previousKey: string | null }> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.branding(accountId),
      UpdateExpression: 'SET logoKey = :logo, updatedAt = :now',
      ExpressionAttributeValues: { ':logo': logoKey, ':now': now },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = brandingOfItem(Attributes ?? {});
  return { branding: { ...before, logoKey, updatedAt: now }, previousKey: before.logoKey };
}
