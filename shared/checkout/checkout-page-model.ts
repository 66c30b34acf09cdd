// A checkout session → the view model of its hosted form: each offered method with the fields its
// purchase schema asks of the payer (and whether it needs them), the values the inputs hold and
// the problems found. Pure: the time, branding and what was posted are passed in.

import type { CheckoutFormModel, CheckoutMethodChoice } from '../hosted-pages/render/checkout-form-page.ts';
import { langForCurrency } from '../hosted-pages/render/locale.ts';
import type { PageBrand } from '../hosted-pages/render/view-models.ts';
import { methodCodesOf, methodNameOf } from '../payment-methods.ts';
import type { FormFields } from './checkout-form.ts';
import { type CheckoutSessionRecord, checkoutPageToken } from './checkout-session.ts';
import { type FieldProblem, isRequired, payerDocumentField } from './payer-fields.ts';
import { rowOfSaleMethod, saleMethodFields } from './sale-method-fields.ts';

export interface PageContext {
  now: Date;
  sandbox: boolean;
  branding: { displayName: string | null; brandColor: string | null; logoUrl: string | null } | null;
}

/** The session's methods, each with its payer fields (from its catalogue row's purchase schema). */
export function methodChoices(session: CheckoutSessionRecord, now: Date): CheckoutMethodChoice[] {
  const lang = langForCurrency(session.currency);
  return session.paymentMethods.flatMap((code) => {
    const row = rowOfSaleMethod(session.currency, code);
    if (!row) return [];
    const fields = saleMethodFields(row, code, now);
    return [
      {
        code,
        name: methodNameOf({ currency: session.currency, method: code }, lang),
        request: row.request,
        amount: { min: row.amount.min, max: row.amount.max },
        fields: [...fields].map(([name, schema]) => ({ name, required: isRequired(schema) })),
      },
    ];
  });
}

/** What the inputs start with: the merchant's `customer`, in the fields the payer would type it in. */
export function customerValues(session: CheckoutSessionRecord): Record<string, string> {
  const { customer } = session;
  const values: Record<string, string> = {};
  if (customer.name) values.name = customer.name;
  if (customer.email) values.email = customer.email;
  if (customer.phone) values.phone = customer.phone;
  if (customer.document) values[payerDocumentField(session.currency)] = customer.document;
  return values;
}

export function checkoutFormModel(
  session: CheckoutSessionRecord,
  context: PageContext,
  posted?: {
    form: FormFields;
    chosen: string;
    problems: ReadonlyMap<string, FieldProblem>;
    providerDidNotAnswer?: boolean;
  },
): CheckoutFormModel {
  const methods = methodChoices(session, context.now);
  const brand: PageBrand | null = context.branding
    ? { color: context.branding.brandColor, logoUrl: context.branding.logoUrl }
    : null;
  return {
    currency: session.currency,
    amountCents: session.amount,
    productName: session.display?.productName ?? session.description,
    productDescription: session.display?.productDescription ?? null,
    imageUrl: session.display?.imageUrl ?? null,
    offerName:
      session.display && session.display.offerName !== session.display.productName
        ? session.display.offerName
        : null,
    billingCycle: session.billingCycle ?? null,
    merchantName: context.branding?.displayName ?? null,
    brand,
    sandbox: context.sandbox,
    actionUrl: `/checkout/${checkoutPageToken(session)}`,
    cancelUrl: session.cancelUrl,
    methods,
    currencyMethods: methodCodesOf(session.currency),
    chosen: posted?.chosen ?? methods[0]?.code ?? '',
    values: posted ? Object.fromEntries(posted.form) : customerValues(session),
    problems: posted ? Object.fromEntries(posted.problems) : {},
    ...(posted?.providerDidNotAnswer ? { providerDidNotAnswer: true } : {}),
  };
}
