// POST /pay/{token}/sandbox-pay: the sandbox Pay button of a hosted page. Pays through the
// sandbox rail like the API's sandbox pay, then sends the browser back to its page (303, same
// origin as the CSP's form-action requires), which shows the outcome.
import { serviceConfig } from '../config.ts';
import { AppError, badRequest, payloadTooLarge } from '../errors.ts';
import type { HttpResult } from '../http/responses.ts';
import { type CheckoutBody, methodName, methodOf } from '../payment-methods.ts';
import { paySandboxTransaction } from '../transactions/sandbox-pay.ts';
import { loadHostedPage } from './load-hosted-page.ts';
import { type HostedPage, hostedPagePath } from './page-model.ts';
import { acceptLanguageOf, invalidLinkResponse, seeOther } from './page-response.ts';
import { DEFAULT_PSE_BANKS } from './render/pse-banks.ts';
import type { CheckoutPageModel } from './render/view-models.ts';
import { RESULT_QUERY } from './show-hosted-page.ts';

/** The form carries at most a bank code and a checkbox. */
export const maxPayFormBytes = 4 * 1024;

export interface FormBody {
  body?: string | undefined;
  isBase64Encoded?: boolean | undefined;
  headers?: Record<string, string | undefined> | null | undefined;
}

/** API Gateway passes form posts as text locally and may base64 them in AWS: read both. */
export function parsePayForm(event: FormBody): URLSearchParams {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text) > maxPayFormBytes)
    throw payloadTooLarge(`body: must be at most ${maxPayFormBytes} bytes`);
  return new URLSearchParams(text);
}

/** What each checkout body's form asks of the payer before paying; throws a 400 naming the field. */
const payFormChecks: Record<CheckoutBody, (model: CheckoutPageModel, form: URLSearchParams) => void> = {
  'bank-choice': (model, form) => {
    const bank = form.get('bank') ?? '';
    const banks = model.banks ?? DEFAULT_PSE_BANKS;
    if (!banks.some((b) => b.code === bank))
      throw badRequest('validation', 'bank: choose your bank from the PSE list');
  },
  'wallet-request': (model, form) => {
    if (form.get('confirmPhone') !== 'yes')
      throw badRequest(
        'validation',
        `confirmPhone: confirm that the ${methodName(methodOf(model), 'en')} phone number is yours`,
      );
  },
  'key-and-qr': () => {},
  'bank-account': () => {},
};

export function checkPayForm(page: HostedPage, form: URLSearchParams): void {
  if (page.kind !== 'checkout') return;
  const row = methodOf(page.model);
  if (row.page.kind === 'checkout') payFormChecks[row.page.body](page.model, form);
}

export async function payFromHostedPage(
  token: string,
  event: FormBody,
  now = new Date(),
): Promise<HttpResult> {
  const invalid = () => invalidLinkResponse({ acceptLanguage: acceptLanguageOf(event.headers) });
  if (!serviceConfig().sandboxRails) return invalid();
  const loaded = await loadHostedPage(token, 'any', now);
  if (!loaded) return invalid();
  const { page, record } = loaded;
  const pagePath = hostedPagePath(page.kind, token);
  // Paid already (a second click, the back button), expired or canceled: the page says which.
  if (page.model.status === 'PAID') return seeOther(`${pagePath}?${RESULT_QUERY}=1`);
  if (page.model.status === 'EXPIRED' || page.model.status === 'CANCELED') return seeOther(pagePath);
  checkPayForm(page, parsePayForm(event));
  try {
    await paySandboxTransaction(record, now);
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'transaction.expired' || error.code === 'transaction.canceled')
    )
      return seeOther(pagePath);
    throw error;
  }
  return seeOther(`${pagePath}?${RESULT_QUERY}=1`);
}
