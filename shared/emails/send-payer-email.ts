// The send-email job: decides whether the e-mail goes (a stage transport, the account's and the
// purchase's choices, the suppression list), claims it (one job wins), sends it and records
// the outcome on its item. Never on the payment path: a failure here retries this job only.
import { brandingView } from '../accounts/branding.ts';
import { serviceConfig } from '../config.ts';
import { boletoSlipOf } from '../hosted-pages/boleto-slip.ts';
import { hostedPageUrl } from '../hosted-pages/hosted-page-url.ts';
import { pageBranding } from '../hosted-pages/page-branding.ts';
import { toPageModel } from '../hosted-pages/page-model.ts';
import { renderBoletoPdf } from '../hosted-pages/render/boleto-pdf.ts';
import { log } from '../log.ts';
import { receiptPath } from '../receipts/receipt-model.ts';
import { getAccount } from '../store/api-keys.ts';
import {
  claimEmail,
  type EmailRecord,
  getEmail,
  isSuppressed,
  releaseEmail,
  settleEmail,
} from '../store/emails.ts';
import { getTransaction } from '../store/transactions.ts';
import type { SendEmailJob } from '../transactions/jobs.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { composeEmail } from './compose-email.ts';
import { emailOwed, notOwedReason } from './email-owed.ts';
import { type EmailTransport, emailTransport, senderAddress } from './email-transport.ts';
import { buildMime } from './mime.ts';

/** A claim older than this is a worker that died mid-send: another job may take it. */
const claimTimeoutMs = 5 * 60_000;

/** Why the e-mail is not sent, or null when it goes. */
async function reasonNotToSend(
  email: EmailRecord,
  transaction: TransactionRecord,
  emailsOn: boolean | undefined,
  transport: EmailTransport | null,
): Promise<{ status: 'SKIPPED' | 'SUPPRESSED'; reason: string } | null> {
  if (!transport) return { status: 'SKIPPED', reason: 'this stage sends no e-mail' };
  if (!emailOwed(transaction)) return { status: 'SKIPPED', reason: notOwedReason };
  if (emailsOn === false)
    return { status: 'SKIPPED', reason: `the account turned ${email.kind} e-mails off` };
  if (await isSuppressed(email.to))
    return { status: 'SUPPRESSED', reason: 'the address bounced or complained' };
  return null;
}

export async function sendPayerEmail(
  job: SendEmailJob,
  now = new Date(),
  transport: EmailTransport | null = emailTransport(),
): Promise<void> {
  const email = await getEmail(job.accountId, job.transactionId, job.kind);
  if (!email || (email.status !== 'QUEUED' && email.status !== 'SENDING')) return;
  const [transaction, account, branding] = await Promise.all([
    getTransaction(job.accountId, job.transactionId, true),
    getAccount(job.accountId),
    pageBranding(job.accountId),
  ]);
  if (!transaction) return;
  const settings = account?.emailSettings;
  const skip = await reasonNotToSend(email, transaction, settings?.[email.kind], transport);
  if (skip || !transport) {
    if (skip) await settleEmail(email, skip.status, now, skip.reason);
    return;
  }
  if (!(await claimEmail(email, now, new Date(now.getTime() - claimTimeoutMs)))) return;
  const view = branding ? brandingView(branding) : null;
  const merchantName = view?.displayName?.trim() || settings?.senderName || 'Pagamentos';
  const page = toPageModel(transaction, {
    now,
    sandbox: serviceConfig().sandboxRails,
    ...(view ? { branding: view } : {}),
  });
  const composed = composeEmail(email.kind, transaction, {
    merchantName,
    linkUrl:
      email.kind === 'receipt'
        ? `${serviceConfig().publicBaseUrl}${receiptPath(transaction.pageToken)}`
        : hostedPageUrl(transaction),
    ...(email.kind === 'instruction' && page?.kind === 'boleto'
      ? { boletoPdf: renderBoletoPdf(boletoSlipOf(transaction, page.model)) }
      : {}),
  });
  const from = senderAddress();
  const raw = await buildMime(composed, {
    from: { name: settings?.senderName ?? merchantName, address: from },
    to: email.to,
    replyTo: settings?.replyTo ?? null,
  });
  try {
    await transport.send(raw, { from, to: email.to });
  } catch (error) {
    // Back to QUEUED: the retried job claims it again at once.
    await releaseEmail(email).catch(() => undefined);
    throw error;
  }
  await settleEmail(email, 'SENT', now);
  log.info('payer e-mail sent', {
    transactionId: email.transactionId,
    kind: email.kind,
    transport: transport.name,
  });
}
