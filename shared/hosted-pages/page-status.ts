// GET /pay/{token}/status: what a payer page's script asks while the page is open, so the page
// switches to its paid (or expired) state by itself. As cheap as the page (the same two reads,
// the branding cached), answered for as long as the page is served.
import * as v from 'valibot';
import type { HttpResult } from '../http/responses.ts';
import { transactionStatuses } from '../transactions/transaction.ts';
import { loadHostedTransaction } from './load-hosted-page.ts';
import { pageStatus } from './page-model.ts';
import { invalidLinkResponse, pageSecurityHeaders } from './page-response.ts';

export const hostedPageStatusSchema = v.pipe(
  v.object({
    status: v.pipe(
      v.picklist(transactionStatuses.filter((status) => status !== 'FAILED')),
      v.description('What the payer is told: a FAILED or overdue transaction reads EXPIRED.'),
    ),
  }),
  v.title('HostedPageStatus'),
);

export async function hostedPageStatus(token: string, now = new Date()): Promise<HttpResult> {
  const found = await loadHostedTransaction(token, now);
  if (!found) return invalidLinkResponse();
  return {
    statusCode: 200,
    body: { status: pageStatus(found.record, now) },
    headers: { ...pageSecurityHeaders },
  };
}
