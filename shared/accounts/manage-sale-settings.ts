import type { Principal } from '../auth/principal.ts';
import { notFound } from '../errors.ts';
import { updateSaleSettings } from '../store/account-sale-settings.ts';
import { getAccount } from '../store/api-keys.ts';
import { type SaleSettings, saleSettingsOf, type UpdateSaleSettingsInput } from './sale-settings.ts';

const accountMissing = (accountId: string) =>
  notFound('account.not_found', `account ${accountId} does not exist`);

export async function readSaleSettings(principal: Principal): Promise<SaleSettings> {
  const account = await getAccount(principal.accountId);
  if (!account) throw accountMissing(principal.accountId);
  return saleSettingsOf(account);
}

/** Sets the fields present in the body; null clears one. Sessions and links made before keep their terms. */
export async function changeSaleSettings(
  principal: Principal,
  input: UpdateSaleSettingsInput,
  now = new Date(),
): Promise<SaleSettings> {
  const updated = await updateSaleSettings(principal.accountId, input, now.toISOString());
  if (!updated) throw accountMissing(principal.accountId);
  return updated;
}
