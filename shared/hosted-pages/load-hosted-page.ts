// Token → transaction (by the id the token carries, or an older page's entry) → view model.
// Every way of not finding the page (a token that could never exist, an unknown one, a wrong
// secret, a page long expired, a page of another kind) ends the same way, so the answer tells
// nothing about which tokens exist.
import { timingSafeEqual } from 'node:crypto';
import { brandingView } from '../accounts/branding.ts';
import { serviceConfig } from '../config.ts';
import { getHostedPage } from '../store/hosted-pages.ts';
import { findTransactionRef, getTransaction } from '../store/transactions.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { HostedPageKind } from './hosted-page-url.ts';
import { pageBranding } from './page-branding.ts';
import {
  type HostedPage,
  type PageContext,
  pageStillServed,
  pageTokenAddress,
  toPageModel,
} from './page-model.ts';

/** Compares in constant time: how much of a guessed token matches must not show in the timing. */
function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface LoadedPage {
  record: TransactionRecord;
  page: HostedPage;
}

/** The transaction a token names while its page is served, with its branding; null otherwise. */
export async function loadHostedTransaction(
  token: string,
  now = new Date(),
): Promise<{ record: TransactionRecord; context: PageContext } | null> {
  const address = pageTokenAddress(token);
  if (!address) return null;
  const ref =
    'entry' in address ? await getHostedPage(address.entry) : await findTransactionRef(address.transactionId);
  if (!ref) return null;
  const record = await getTransaction(ref.accountId, ref.transactionId);
  if (!record || !sameSecret(record.pageToken, token) || !pageStillServed(record, now)) return null;
  const branding = await pageBranding(record.accountId);
  return {
    record,
    context: {
      now,
      sandbox: serviceConfig().sandboxRails,
      ...(branding ? { branding: brandingView(branding) } : {}),
    },
  };
}

export async function loadHostedPage(
  token: string,
  kind: HostedPageKind | 'any',
  now = new Date(),
): Promise<LoadedPage | null> {
  const found = await loadHostedTransaction(token, now);
  if (!found) return null;
  const page = toPageModel(found.record, found.context);
  if (!page || (kind !== 'any' && page.kind !== kind)) return null;
  return { record: found.record, page };
}
