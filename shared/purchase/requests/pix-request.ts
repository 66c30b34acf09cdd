// BRL PIX purchase body → PixPurchaseRequest. The payer's document is required (API Pix puts
// it in `devedor`); the phone is optional; `expiresIn` is how long the charge can be paid.
import * as v from 'valibot';
import { parseOrThrow } from '../../http/validation.ts';
import { checkedString, freeText, optionalField } from '../../validation/fields.ts';
import { amountSchema } from '../amounts.ts';
import { parseBrazilianDocument } from '../documents.ts';
import { parseBoletoPhone } from '../phone.ts';
import {
  bodyMessage,
  commonFields,
  commonSchemas,
  type PixPurchaseRequest,
  type PurchaseVariant,
  type VariantContext,
} from '../purchase-request.ts';

/** Seconds: API Pix's default `calendario.expiracao`. */
export const defaultPixExpiresIn = 86_400;
/** A charge shorter than a minute cannot be scanned and paid; one longer than 30 days is a boleto's job. */
export const pixExpiresInLimits = { min: 60, max: 2_592_000 } as const;

const expiresInRule = `must be an integer number of seconds between ${pixExpiresInLimits.min} and ${pixExpiresInLimits.max}`;
const brazilianDocument = checkedString(parseBrazilianDocument, {
  description: 'CPF (11 digits) or CNPJ (14 characters, alphanumeric allowed); punctuation is accepted.',
});

function pixSchema(amount: VariantContext['amount']) {
  return v.strictObject(
    {
      currency: v.nullish(v.literal('BRL')),
      paymentMethod: v.literal('PIX'),
      // API Pix's `devedor.nome` holds at most 200 characters.
      name: freeText(200),
      email: commonSchemas.email,
      phone: optionalField(checkedString(parseBoletoPhone)),
      amount: amountSchema(amount, 'BRL'),
      description: commonSchemas.description,
      cpf: brazilianDocument,
      responsibleDocument: brazilianDocument,
      responsibleExternalId: commonSchemas.responsibleExternalId,
      externalId: commonSchemas.externalId,
      postbackUrl: commonSchemas.postbackUrl,
      sendEmails: commonSchemas.sendEmails,
      expiresIn: optionalField(
        v.pipe(
          v.number(expiresInRule),
          v.integer(expiresInRule),
          v.minValue(pixExpiresInLimits.min, expiresInRule),
          v.maxValue(pixExpiresInLimits.max, expiresInRule),
        ),
      ),
    },
    bodyMessage,
  );
}

let cache: { amount: VariantContext['amount']; schema: ReturnType<typeof pixSchema> } | undefined;

/** The PIX body's schema for the row's amount range (also published by GET /openapi.json). */
export function pixRequestSchema(amount: VariantContext['amount']) {
  if (cache?.amount !== amount) cache = { amount, schema: pixSchema(amount) };
  return cache.schema;
}

export function parsePixRequest(body: unknown, context: VariantContext): PixPurchaseRequest {
  const parsed = parseOrThrow(pixRequestSchema(context.amount), body);
  return {
    currency: 'BRL',
    method: 'PIX',
    ...commonFields(parsed, parsed.responsibleDocument.number),
    cpf: parsed.cpf.number,
    cpfType: parsed.cpf.type,
    responsibleDocumentType: parsed.responsibleDocument.type,
    expiresIn: parsed.expiresIn ?? defaultPixExpiresIn,
  };
}

export const pixPurchase: PurchaseVariant = {
  schema: (context) => pixRequestSchema(context.amount),
  parse: parsePixRequest,
};
