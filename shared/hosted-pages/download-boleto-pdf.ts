// GET /pay/boleto/{token}/pdf: the boleto as a PDF while it can be paid. Once paid or expired
// the answer is the same status page the boleto page shows, so no stale slip circulates.
import type { HttpResult } from '../http/responses.ts';
import { boletoSlipOf } from './boleto-slip.ts';
import { currencyOfPageKind } from './hosted-page-url.ts';
import { loadHostedPage } from './load-hosted-page.ts';
import { invalidLinkResponse, pageResponse, pageSecurityHeaders } from './page-response.ts';
import { renderBoletoPage } from './render/boleto-page.ts';
import { renderBoletoPdf } from './render/boleto-pdf.ts';
import { hostedPageView } from './show-hosted-page.ts';

export async function downloadBoletoPdf(token: string): Promise<HttpResult> {
  const loaded = await loadHostedPage(token, 'boleto');
  if (loaded?.page.kind !== 'boleto') return invalidLinkResponse({ currency: currencyOfPageKind('boleto') });
  const { page, record } = loaded;
  if (page.model.status !== 'PENDING') {
    const { statusCode, rendered } = hostedPageView(page, { result: false }, renderBoletoPage);
    return pageResponse(statusCode, rendered);
  }
  return {
    statusCode: 200,
    body: Buffer.from(renderBoletoPdf(boletoSlipOf(record, page.model))),
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="boleto-${page.model.transactionId}.pdf"`,
      ...pageSecurityHeaders,
    },
  };
}
