// Token → page entry → transaction → view model. Every way of not finding the page (a token
// that could never exist, an unknown one, a page of another kind) ends the same way, so the
// answer tells nothing about which tokens exist.
import { accountSettings } from '../accounts/account-settings.ts';
import { brandingView } from '../accounts/branding.ts';
import { serviceConfig } from '../config.ts';
import { getHostedPage } from '../store/hosted-pages.ts';
import { getTransaction } from '../store/transactions.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { HostedPageKind } from './hosted-page-url.ts';
import { type HostedPage, isPageToken, toPageModel } from './page-model.ts';

export interface LoadedPage {
  record: TransactionRecord;
  page: HostedPage;
}

export async function loadHostedPage(
  token: string,
  kind: HostedPageKind | 'any',
  now = new Date(),
): Promise<LoadedPage | null> {
  if (!isPageToken(token)) return null;
  const ref = await getHostedPage(token);
  if (!ref) return null;
  const record = await getTransaction(ref.accountId, ref.transactionId);
  if (!record || record.pageToken !== token) return null;
  const account = await accountSettings(record.accountId);
  const page = toPageModel(record, {
    now,
    sandbox: serviceConfig().sandboxRails,
    ...(account ? { branding: brandingView(account) } : {}),
  });
  if (!page || (kind !== 'any' && page.kind !== kind)) return null;
  return { record, page };
}
