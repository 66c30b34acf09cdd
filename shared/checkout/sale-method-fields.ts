// What a sale method asks of the payer on the hosted checkout: a row's payer fields (its purchase
// body's), and Pix Automático's, which are its debits' Pix row's less the phone (the recurrence
// names the payer by name and CPF/CNPJ; the subscription keeps the e-mail). One place for the
// page, the form's check and the post, so they ask for the same fields.
import type * as v from 'valibot';
import { findMethod, isRecurringDebit, type PaymentMethodRow, rowMethodOf } from '../payment-methods.ts';
import { purchaseSchemaFor } from '../purchase/purchase-schema.ts';
import { type PayerFieldName, payerFieldSchemas } from './payer-fields.ts';

/** Fields a Pix Automático payer is not asked for. */
const notAskedOfDebits: readonly PayerFieldName[] = ['phone'];

/** The row whose purchase body the method's charge is (Pix Automático: its debits' Pix row). */
export function rowOfSaleMethod(currency: string, method: string): PaymentMethodRow | undefined {
  return findMethod(currency, rowMethodOf(method));
}

/** The payer's fields of the method, each with its schema, in the form's order. */
export function saleMethodFields(
  row: PaymentMethodRow,
  method: string,
  now: Date,
): Map<PayerFieldName, v.GenericSchema> {
  const fields = payerFieldSchemas(purchaseSchemaFor(row, now), row.currency);
  if (isRecurringDebit(method)) for (const name of notAskedOfDebits) fields.delete(name);
  return fields;
}
