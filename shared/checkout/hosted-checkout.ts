// GET and POST /checkout/{token}: the session's form while it is open, its payer page once it is
// paid for (303), "expired" (410) after; the form post checks the payer's fields with the purchase
// schema of the chosen method, re-renders them with the problems in the payer's language (400),
// or creates the session's one transaction and sends the payer to its page (303).
import { brandingView } from '../accounts/branding.ts';
import { serviceConfig } from '../config.ts';
import { AppError, payloadTooLarge } from '../errors.ts';
import { pageBranding } from '../hosted-pages/page-branding.ts';
import {
  acceptLanguageOf,
  invalidLinkResponse,
  pageResponse,
  seeOther,
} from '../hosted-pages/page-response.ts';
import { renderCheckoutClosed, renderCheckoutForm } from '../hosted-pages/render/checkout-form-page.ts';
import type { HttpResult } from '../http/responses.ts';
import { chosenMethod, type FormFields, formFields } from './checkout-form.ts';
import { checkoutFormModel, type PageContext } from './checkout-page-model.ts';
import { type CheckoutSessionRecord, checkoutSessionStatus } from './checkout-session.ts';
import { type FieldProblem, formProblems } from './payer-fields.ts';
import { rowOfSaleMethod, saleMethodFields } from './sale-method-fields.ts';
import { findSessionOfToken, payerPageOf, submitCheckoutOf } from './submit-checkout.ts';

/** A form of a dozen fields of at most 255 characters, percent-encoded, fits with room to spare. */
export const maxCheckoutFormBytes = 16 * 1024;

export interface FormBody {
  body?: string | undefined;
  isBase64Encoded?: boolean | undefined;
  headers?: Record<string, string | undefined> | null | undefined;
}

/** API Gateway passes form posts as text locally and may base64 them in AWS: read both. */
export function checkoutFormText(event: FormBody): string {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text) > maxCheckoutFormBytes)
    throw payloadTooLarge(`body: must be at most ${maxCheckoutFormBytes} bytes`);
  return text;
}

async function pageContext(session: CheckoutSessionRecord, now: Date): Promise<PageContext> {
  const branding = await pageBranding(session.accountId);
  return { now, sandbox: serviceConfig().sandboxRails, branding: branding ? brandingView(branding) : null };
}

function expiredPage(session: CheckoutSessionRecord, context: PageContext): HttpResult {
  return pageResponse(
    410,
    renderCheckoutClosed('expired', {
      currency: session.currency,
      merchantName: context.branding?.displayName ?? null,
      brand: context.branding
        ? { color: context.branding.brandColor, logoUrl: context.branding.logoUrl }
        : null,
      sandbox: context.sandbox,
      backUrl: session.cancelUrl,
    }),
  );
}

export async function showCheckoutSession(
  token: string,
  acceptLanguage: string | null = null,
  now = new Date(),
): Promise<HttpResult> {
  const session = await findSessionOfToken(token);
  if (!session) return invalidLinkResponse({ acceptLanguage });
  const status = checkoutSessionStatus(session, now);
  if (status === 'COMPLETE') return seeOther(await payerPageOf(session));
  const context = await pageContext(session, now);
  if (status === 'EXPIRED') return expiredPage(session, context);
  return pageResponse(200, renderCheckoutForm(checkoutFormModel(session, context)));
}

/** `boletoAddress.zipCode` (a purchase error's field) → `boletoAddress[zipCode]` (the form's). */
const formFieldName = (path: string) => path.replace(/\.(\w+)/g, '[$1]');

/**
 * The payer's fields a purchase error names (each "field: rule" of its message); null when it
 * names one the payer cannot fix (the session's own data).
 */
export function payerProblemsOf(
  error: AppError,
  fields: ReadonlySet<string>,
): Map<string, FieldProblem> | null {
  const problems = new Map<string, FieldProblem>();
  for (const part of error.message.split('; ')) {
    const match = /^([\w.[\]]+): (.*)$/s.exec(part);
    const name = match ? formFieldName(match[1]!) : undefined;
    if (!name || !fields.has(name)) return null;
    problems.set(name, match![2] === 'is required' ? 'missing' : 'invalid');
  }
  return problems.size ? problems : null;
}

export async function postCheckoutForm(
  token: string,
  event: FormBody,
  now = new Date(),
): Promise<HttpResult> {
  const text = checkoutFormText(event);
  const session = await findSessionOfToken(token);
  if (!session) return invalidLinkResponse({ acceptLanguage: acceptLanguageOf(event.headers) });
  const status = checkoutSessionStatus(session, now);
  // A second submit (a double click, the back button): the same transaction's page.
  if (status === 'COMPLETE') return seeOther(await payerPageOf(session));
  if (status === 'EXPIRED') return expiredPage(session, await pageContext(session, now));

  const form: FormFields = formFields(text);
  let chosen: string;
  try {
    chosen = chosenMethod(session, form);
  } catch {
    // Only a hand-made post names another method: show the form again with the first one.
    return formAgain(
      session,
      { form, chosen: session.paymentMethods[0]!, problems: new Map([['paymentMethod', 'invalid']]) },
      now,
    );
  }
  const fields = saleMethodFields(rowOfSaleMethod(session.currency, chosen)!, chosen, now);
  const problems = formProblems(fields, (name) => form.get(name));
  if (problems.size) return formAgain(session, { form, chosen, problems }, now);
  try {
    return seeOther(await submitCheckoutOf(session, form, now));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 410) return expiredPage(session, await pageContext(session, now));
    if (error.status === 503)
      return formAgain(session, { form, chosen, problems: new Map(), providerDidNotAnswer: true }, now, {
        status: 503,
        headers: error.headers,
      });
    const named = error.status === 400 ? payerProblemsOf(error, new Set(fields.keys())) : null;
    if (named) return formAgain(session, { form, chosen, problems: named }, now);
    throw error;
  }
}

/**
 * The form again, as posted: 400 with the fields the server refused, or 503 (and the error's
 * Retry-After) saying the payment provider did not answer.
 */
async function formAgain(
  session: CheckoutSessionRecord,
  posted: NonNullable<Parameters<typeof checkoutFormModel>[2]>,
  now: Date,
  answer: { status: 400 } | { status: 503; headers: Record<string, string> } = { status: 400 },
): Promise<HttpResult> {
  const model = checkoutFormModel(session, await pageContext(session, now), posted);
  const page = pageResponse(answer.status, renderCheckoutForm(model));
  return 'headers' in answer ? { ...page, headers: { ...page.headers, ...answer.headers } } : page;
}
