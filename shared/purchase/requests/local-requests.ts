// COP and BOB purchase bodies: the same fields, a local E.164 phone and the country's documents.
import * as v from 'valibot';
import { parseOrThrow } from '../../http/validation.ts';
import { checkedString, identifier, optionalField } from '../../validation/fields.ts';
import { amountSchema } from '../amounts.ts';
import { parseBolivianDocument, parseColombianDocument } from '../documents.ts';
import { parseE164Phone } from '../phone.ts';
import {
  type BobPurchaseRequest,
  bodyMessage,
  type CopMethod,
  type CopPurchaseRequest,
  commonFields,
  commonSchemas,
  type PurchaseVariant,
  type VariantContext,
} from '../purchase-request.ts';

/** The contract calls cpf "not used" in COP and BOB: ignored, but still a string when sent. */
const unusedCpf = optionalField(identifier(255));

/**
 * One schema per amount range and list of methods (a catalogue row's range and its currency's
 * methods are one object each for the process's life).
 */
function perRow<S>(build: (context: VariantContext) => S) {
  const built = new WeakMap<object, WeakMap<object, S>>();
  return (context: VariantContext): S => {
    let byMethods = built.get(context.amount);
    if (!byMethods) {
      byMethods = new WeakMap();
      built.set(context.amount, byMethods);
    }
    let schema = byMethods.get(context.methods);
    if (!schema) {
      schema = build(context);
      byMethods.set(context.methods, schema);
    }
    return schema;
  };
}

/** `paymentMethod`: one of the currency's methods in the catalogue (a constant when it has one). */
function paymentMethodOf(methods: readonly string[]) {
  const [only, ...others] = methods;
  return v.nullish(others.length === 0 && only ? v.literal(only) : v.picklist(methods));
}

/** COP and BOB body schemas per catalogue row (also published by GET /openapi.json). */
export const copRequestSchema = perRow(({ amount, methods }) =>
  v.strictObject(
    {
      currency: v.literal('COP'),
      paymentMethod: paymentMethodOf(methods),
      name: commonSchemas.name,
      email: commonSchemas.email,
      phone: checkedString(parseE164Phone, {
        description: 'E.164: country code and 8–15 digits, optional +.',
      }),
      amount: amountSchema(amount, 'COP'),
      description: commonSchemas.description,
      responsibleDocument: checkedString(parseColombianDocument, {
        description: 'The payer’s CC, NIT (check digit verified when given as -DV), CE or TI.',
      }),
      responsibleExternalId: commonSchemas.responsibleExternalId,
      externalId: commonSchemas.externalId,
      postbackUrl: commonSchemas.postbackUrl,
      sendEmails: commonSchemas.sendEmails,
      cpf: unusedCpf,
    },
    bodyMessage,
  ),
);

export const bobRequestSchema = perRow(({ amount, methods }) =>
  v.strictObject(
    {
      currency: v.literal('BOB'),
      paymentMethod: paymentMethodOf(methods),
      name: commonSchemas.name,
      email: commonSchemas.email,
      phone: checkedString(parseE164Phone, {
        description: 'E.164: country code and 8–15 digits, optional +.',
      }),
      amount: amountSchema(amount, 'BOB'),
      description: commonSchemas.description,
      responsibleDocument: checkedString(parseBolivianDocument, {
        description: 'The payer’s CI, NIT or PAS.',
      }),
      responsibleExternalId: commonSchemas.responsibleExternalId,
      externalId: commonSchemas.externalId,
      postbackUrl: commonSchemas.postbackUrl,
      sendEmails: commonSchemas.sendEmails,
      cpf: unusedCpf,
    },
    bodyMessage,
  ),
);

export function parseCopRequest(body: unknown, context: VariantContext): CopPurchaseRequest {
  const parsed = parseOrThrow(copRequestSchema(context), body);
  return {
    currency: 'COP',
    // The row the body selected (every COP row shares this variant).
    method: context.method as CopMethod,
    ...commonFields(parsed, parsed.responsibleDocument.number),
    phone: parsed.phone,
    responsibleDocumentTypes: parsed.responsibleDocument.types,
  };
}

export function parseBobRequest(body: unknown, context: VariantContext): BobPurchaseRequest {
  const parsed = parseOrThrow(bobRequestSchema(context), body);
  return {
    currency: 'BOB',
    method: context.method as BobPurchaseRequest['method'],
    ...commonFields(parsed, parsed.responsibleDocument.number),
    phone: parsed.phone,
    responsibleDocumentTypes: parsed.responsibleDocument.types,
  };
}

export const copPurchase: PurchaseVariant = {
  schema: copRequestSchema,
  parse: parseCopRequest,
};
export const bobPurchase: PurchaseVariant = {
  schema: bobRequestSchema,
  parse: parseBobRequest,
};
