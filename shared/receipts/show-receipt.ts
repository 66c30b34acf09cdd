// GET /receipt/{token}[/pdf]: the receipt of a PAID transaction, addressed by its payer page's
// token (the payer already holds it; no second secret to keep). Before the payment there is no
// receipt: the same 404 page as an unknown link, so the answer tells nothing more.
import type { SaleDisplay } from '../checkout/checkout-session.ts';
import { loadHostedTransaction } from '../hosted-pages/load-hosted-page.ts';
import { invalidLinkResponse, pageResponse, pageSecurityHeaders } from '../hosted-pages/page-response.ts';
import type { HttpResult } from '../http/responses.ts';
import { getCheckoutSessionRecord } from '../store/checkout-sessions.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { type ReceiptModel, toReceiptModel } from './receipt-model.ts';
import { renderReceiptPage } from './render-receipt-page.ts';
import { renderReceiptPdf } from './render-receipt-pdf.ts';

/** What the checkout session showed of the sale (its snapshot); null for a plain purchase. */
export async function saleDisplayOf(record: TransactionRecord): Promise<SaleDisplay | null> {
  if (!record.sale) return null;
  const session = await getCheckoutSessionRecord(record.sale.checkoutSessionId);
  return session?.display ?? null;
}

async function loadReceipt(token: string): Promise<ReceiptModel | null> {
  const found = await loadHostedTransaction(token);
  if (found?.record.status !== 'PAID') return null;
  return toReceiptModel(found.record, found.context, await saleDisplayOf(found.record));
}

export async function showReceipt(token: string): Promise<HttpResult> {
  const model = await loadReceipt(token);
  return model ? pageResponse(200, renderReceiptPage(model)) : invalidLinkResponse();
}

export async function downloadReceiptPdf(token: string): Promise<HttpResult> {
  const model = await loadReceipt(token);
  if (!model) return invalidLinkResponse();
  return {
    statusCode: 200,
    body: Buffer.from(renderReceiptPdf(model)),
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="receipt-${model.transactionId}.pdf"`,
      ...pageSecurityHeaders,
    },
  };
}
