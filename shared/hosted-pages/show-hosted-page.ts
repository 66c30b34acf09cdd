// GET /pay/{boleto|checkout|qr|pix}/{token}: the payment page while it can be paid, the paid or
// expired page after, and (after the sandbox Pay button, `?result=1`) the payment's outcome.
import type { HttpResult } from '../http/responses.ts';
import { currencyOfPageKind, type HostedPageKind, hostedPageKind } from './hosted-page-url.ts';
import { loadHostedTransaction } from './load-hosted-page.ts';
import { commonPageModel, type HostedPage, toPageModel } from './page-model.ts';
import { invalidLinkResponse, pageResponse } from './page-response.ts';
import {
  renderAutomaticDebitPage,
  renderExpiredPage,
  renderPaidPage,
  renderPaymentResultPage,
  renderPreparingPage,
} from './render/status-pages.ts';
import type { CommonPageModel, RenderedPage } from './render/view-models.ts';

/** Query flag the Pay action redirects with: show the outcome instead of the instructions. */
export const RESULT_QUERY = 'result';

/** A page of one kind. */
export type PageOf<K extends HostedPageKind> = Extract<HostedPage, { kind: K }>;

/**
 * The page a payer sees while a transaction of this kind can be paid. Each page function passes
 * its own, so its bundle carries that renderer alone (the boleto's barcode only where it is drawn).
 */
export type PendingRenderer<K extends HostedPageKind> = (model: PageOf<K>['model']) => RenderedPage;

/** Status code and page for a loaded transaction; pure. Expired or canceled is 410 Gone: the link was real. */
export function hostedPageView<K extends HostedPageKind>(
  page: PageOf<K>,
  options: { result: boolean },
  renderPending: PendingRenderer<K>,
): { statusCode: number; rendered: RenderedPage } {
  const { model } = page;
  if (model.status === 'EXPIRED' || model.status === 'CANCELED')
    return { statusCode: 410, rendered: renderExpiredPage(model) };
  if (options.result) return { statusCode: 200, rendered: renderPaymentResultPage(model) };
  if (model.status === 'PAID') return { statusCode: 200, rendered: renderPaidPage(model) };
  // The page is of kind K, so its model is the one the renderer takes (TypeScript cannot narrow K).
  return { statusCode: 200, rendered: renderPending(page.model as PageOf<K>['model']) };
}

/**
 * A transaction with no code to show: a Pix Automático debit (the payer's bank takes it on the
 * due date), or a charge whose rail is still preparing it (the payer came straight from a
 * checkout's form). Its paid, expired or canceled page as for any other; null: not a page.
 */
export function viewWithoutCode(
  model: CommonPageModel,
  automaticDebit: boolean,
): { statusCode: number; rendered: RenderedPage } | null {
  if (model.status === 'EXPIRED' || model.status === 'CANCELED')
    return { statusCode: 410, rendered: renderExpiredPage(model) };
  if (model.status === 'PAID') return { statusCode: 200, rendered: renderPaidPage(model) };
  if (model.status !== 'PENDING') return null;
  return {
    statusCode: 200,
    rendered: automaticDebit ? renderAutomaticDebitPage(model) : renderPreparingPage(model),
  };
}

export async function showHostedPage<K extends HostedPageKind>(
  kind: K,
  renderPending: PendingRenderer<K>,
  token: string,
  query: Record<string, string | undefined>,
  now = new Date(),
): Promise<HttpResult> {
  const found = await loadHostedTransaction(token, now);
  const invalid = () => invalidLinkResponse({ currency: currencyOfPageKind(kind) });
  if (!found || hostedPageKind(found.record) !== kind) return invalid();
  const page = toPageModel(found.record, found.context);
  if (!page) {
    const view = viewWithoutCode(
      commonPageModel(found.record, found.context),
      found.record.rail === 'pix-automatico',
    );
    return view ? pageResponse(view.statusCode, view.rendered) : invalid();
  }
  const { statusCode, rendered } = hostedPageView(
    page as PageOf<K>,
    { result: query[RESULT_QUERY] === '1' },
    renderPending,
  );
  return pageResponse(statusCode, rendered);
}
