// BRL boleto purchase body → BoletoPurchaseRequest.
import * as v from 'valibot';
import { parseOrThrow } from '../../http/validation.ts';
import { checkedString, freeText, optionalField, optionalFreeText } from '../../validation/fields.ts';
import { amountSchema } from '../amounts.ts';
import { parseUf, parseZipCode } from '../brazil.ts';
import { parseBrazilianDocument } from '../documents.ts';
import { checkDueDate, defaultDueDate, todayInSaoPaulo } from '../due-date.ts';
import { parseBoletoPhone } from '../phone.ts';
import {
  type BoletoPurchaseRequest,
  bodyMessage,
  commonFields,
  commonSchemas,
  type PurchaseVariant,
  type VariantContext,
} from '../purchase-request.ts';

const brazilianDocument = checkedString(parseBrazilianDocument, {
  description: 'CPF (11 digits) or CNPJ (14 characters, alphanumeric allowed); punctuation is accepted.',
});

export const boletoAddressSchema = v.strictObject(
  {
    address: freeText(255),
    number: optionalFreeText(255),
    complement: optionalFreeText(255),
    district: freeText(255),
    city: freeText(255),
    zipCode: checkedString(parseZipCode, {
      description: '8 digits; a hyphen is accepted.',
      examples: ['01310-100'],
    }),
    uf: checkedString(parseUf, {
      description: 'One of the 27 Brazilian UFs, e.g. SP.',
      minLength: 2,
      maxLength: 2,
    }),
  },
  'must be an object with address, district, city, zipCode and uf',
);

function boletoSchema({ now, amount }: VariantContext) {
  return v.strictObject(
    {
      currency: v.nullish(v.literal('BRL')),
      paymentMethod: v.literal('BOLETO'),
      name: commonSchemas.name,
      email: commonSchemas.email,
      phone: checkedString(parseBoletoPhone, { description: '8 to 12 digits.' }),
      amount: amountSchema(amount, 'BRL'),
      description: commonSchemas.description,
      cpf: brazilianDocument,
      responsibleDocument: brazilianDocument,
      responsibleExternalId: commonSchemas.responsibleExternalId,
      externalId: commonSchemas.externalId,
      postbackUrl: commonSchemas.postbackUrl,
      sendEmails: commonSchemas.sendEmails,
      dueDate: optionalField(
        checkedString((input) => checkDueDate(input, now), {
          format: 'date',
          description: 'YYYY-MM-DD, today (São Paulo) up to 366 days ahead. Default: today + 3 days.',
        }),
      ),
      boletoAddress: boletoAddressSchema,
    },
    bodyMessage,
  );
}

// The schema depends on "today" only (the due-date bounds); keep the last one built.
let cache:
  | { today: string; amount: VariantContext['amount']; schema: ReturnType<typeof boletoSchema> }
  | undefined;
/** The boleto body's schema for the day and the row's amount range (also published by GET /openapi.json). */
export function boletoRequestSchema(context: VariantContext) {
  const today = todayInSaoPaulo(context.now);
  if (cache?.today !== today || cache.amount !== context.amount)
    cache = { today, amount: context.amount, schema: boletoSchema(context) };
  return cache.schema;
}

export function parseBoletoRequest(body: unknown, context: VariantContext): BoletoPurchaseRequest {
  const parsed = parseOrThrow(boletoRequestSchema(context), body);
  const address = parsed.boletoAddress;
  return {
    currency: 'BRL',
    method: 'BOLETO',
    ...commonFields(parsed, parsed.responsibleDocument.number),
    phone: parsed.phone,
    cpf: parsed.cpf.number,
    cpfType: parsed.cpf.type,
    responsibleDocumentType: parsed.responsibleDocument.type,
    dueDate: parsed.dueDate ?? defaultDueDate(context.now),
    boletoAddress: {
      address: address.address,
      number: address.number ?? null,
      complement: address.complement ?? null,
      district: address.district,
      city: address.city,
      zipCode: address.zipCode,
      uf: address.uf,
    },
  };
}

export const boletoPurchase: PurchaseVariant = {
  schema: boletoRequestSchema,
  parse: parseBoletoRequest,
};
