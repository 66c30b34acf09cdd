// The hosted checkout's form → the purchase API's body (Pix Automático's: its first Pix's). The form uses the purchase API's own
// field names; the session supplies what the payer never types (amount, receipt line, the
// merchant's document and reference, webhook URL, order reference).
import { badRequest } from '../errors.ts';
import { isRecurringDebit, rowMethodOf } from '../payment-methods.ts';
import type { CheckoutSessionRecord } from './checkout-session.ts';
import { addressFieldName, boletoAddressFields, formValue, merchantIsResponsible } from './payer-fields.ts';

/** What a form posted, by field name (the first value of each). */
export type FormFields = ReadonlyMap<string, string>;

export function formFields(body: string): FormFields {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body)) if (!fields.has(name)) fields.set(name, value);
  return fields;
}

/** The method the payer chose: one of the session's (the only one when it offers one). */
export function chosenMethod(session: CheckoutSessionRecord, form: FormFields): string {
  const chosen = form.get('paymentMethod')?.trim() || undefined;
  if (chosen === undefined && session.paymentMethods.length === 1) return session.paymentMethods[0]!;
  if (chosen === undefined || !(session.paymentMethods as readonly string[]).includes(chosen))
    throw badRequest('validation', `paymentMethod: must be one of ${session.paymentMethods.join(', ')}`);
  return chosen;
}

export function checkoutPurchaseBody(
  session: CheckoutSessionRecord,
  form: FormFields,
): Record<string, unknown> {
  // An empty input is a field not given, so the purchase schema says it is required.
  const field = (name: string) => formValue(form.get(name));
  const method = chosenMethod(session, form);
  const body: Record<string, unknown> = {
    currency: session.currency,
    // Pix Automático's first charge is a Pix of its row; its payer is asked no phone.
    paymentMethod: rowMethodOf(method),
    name: field('name'),
    email: field('email'),
    phone: isRecurringDebit(method) ? undefined : field('phone'),
    amount: session.amount,
    description: session.description,
    responsibleDocument: merchantIsResponsible(session.currency)
      ? session.terms.responsibleDocument
      : field('responsibleDocument'),
    responsibleExternalId: session.terms.responsibleExternalId,
    externalId: session.externalId,
    postbackUrl: session.postbackUrl,
    ...(session.sendEmails === false ? { sendEmails: false } : {}),
    ...(merchantIsResponsible(session.currency) ? { cpf: field('cpf') } : {}),
    ...(method === 'BOLETO'
      ? {
          boletoAddress: Object.fromEntries(
            boletoAddressFields.flatMap((name) => {
              const value = field(addressFieldName(name));
              return value === undefined ? [] : [[name, value]];
            }),
          ),
        }
      : {}),
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
