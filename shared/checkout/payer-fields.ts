// The fields a payer fills in on the hosted checkout for a method, and their check: the entries of
// the purchase API's own body schema for that method, so the page's script, the form post and
// the API accept exactly the same values. Pure and DOM-free: the page's script bundles it.
import * as v from 'valibot';

export const boletoAddressFields = [
  'address',
  'number',
  'complement',
  'district',
  'city',
  'zipCode',
  'uf',
] as const;

/** A form field's name: the purchase API's, with the address as `boletoAddress[zipCode]`. */
export type PayerFieldName = string;

/** BRL sales name the merchant as the responsible party, so the payer gives only their own `cpf`. */
export const merchantIsResponsible = (currency: string): boolean => currency === 'BRL';

/** The document field the payer fills in. */
export const payerDocumentField = (currency: string): 'cpf' | 'responsibleDocument' =>
  merchantIsResponsible(currency) ? 'cpf' : 'responsibleDocument';

export const addressFieldName = (name: string): PayerFieldName => `boletoAddress[${name}]`;

type Entries = Readonly<Record<string, v.GenericSchema>>;
const entriesOf = (schema: unknown): Entries | undefined =>
  (schema as { entries?: Entries } | undefined)?.entries;

/**
 * The payer's fields of a purchase body schema, in the order the form shows them, each with its
 * schema: the contact fields, the payer's document, then the boleto address where the body has one.
 */
export function payerFieldSchemas(
  bodySchema: v.GenericSchema,
  currency: string,
): Map<PayerFieldName, v.GenericSchema> {
  const entries = entriesOf(bodySchema) ?? {};
  const fields = new Map<PayerFieldName, v.GenericSchema>();
  for (const name of ['name', 'email', 'phone', payerDocumentField(currency)]) {
    const schema = entries[name];
    if (schema) fields.set(name, schema);
  }
  const address = entriesOf(entries.boletoAddress);
  if (address)
    for (const name of boletoAddressFields) {
      const schema = address[name];
      if (schema) fields.set(addressFieldName(name), schema);
    }
  return fields;
}

export type FieldProblem = 'missing' | 'invalid';

/** What a form value becomes in the purchase body: trimmed; empty is a field not given. */
export const formValue = (raw: string | null | undefined): string | undefined => raw?.trim() || undefined;

/** Whether the field's value passes its schema: null, or why not. */
export function fieldProblem(schema: v.GenericSchema, raw: string | null | undefined): FieldProblem | null {
  const value = formValue(raw);
  if (v.safeParse(schema, value, { abortPipeEarly: true }).success) return null;
  return value === undefined ? 'missing' : 'invalid';
}

/** A field the body cannot do without (its schema refuses it absent). */
export const isRequired = (schema: v.GenericSchema): boolean => !v.safeParse(schema, undefined).success;

/** Every problem of a form's values for the given fields, by field name, in field order. */
export function formProblems(
  fields: ReadonlyMap<PayerFieldName, v.GenericSchema>,
  valueFor: (name: PayerFieldName) => string | null | undefined,
): Map<PayerFieldName, FieldProblem> {
  const problems = new Map<PayerFieldName, FieldProblem>();
  for (const [name, schema] of fields) {
    const problem = fieldProblem(schema, valueFor(name));
    if (problem) problems.set(name, problem);
  }
  return problems;
}
