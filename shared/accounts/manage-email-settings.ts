import type { Principal } from '../auth/principal.ts';
import { notFound } from '../errors.ts';
import { putEmailSettings } from '../store/account-sale-settings.ts';
import { getAccount } from '../store/api-keys.ts';
import type { AccountEmailSettings } from './account.ts';
import { emailSettingsOf, type UpdateEmailSettingsInput } from './email-settings.ts';

const accountMissing = (accountId: string) =>
  notFound('account.not_found', `account ${accountId} does not exist`);

export async function readEmailSettings(principal: Principal): Promise<AccountEmailSettings> {
  const account = await getAccount(principal.accountId);
  if (!account) throw accountMissing(principal.accountId);
  return emailSettingsOf(account);
}

export async function changeEmailSettings(
  principal: Principal,
  input: UpdateEmailSettingsInput,
  now = new Date(),
): Promise<AccountEmailSettings> {
  const saved = await putEmailSettings(principal.accountId, input, now.toISOString());
  if (!saved) throw accountMissing(principal.accountId);
  return saved;
}
