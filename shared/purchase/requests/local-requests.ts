// COP and BOB purchase bodies: the same fields, a local E.164 phone and the country's documents.
import * as v from 'valibot';
import { parseOrThrow } from '../../http/validation.ts';
import { checkedString } from '../../validation/fields.ts';
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
  type VariantContext,
} from '../purchase-request.ts';

// The contract lists cpf as "not used" for COP and BOB: accepted and ignored, whatever it holds.
const unusedCpf = v.optional(v.unknown());

/** One schema per amount range (a catalogue row's range is one object for the process's life). */
function perRange<S>(build: (amount: VariantContext['amount']) => S) {
  const built = new WeakMap<object, S>();
  return (amount: VariantContext['amount']): S => {
    let schema = built.get(amount);
    if (!schema) {
      schema = build(amount);
      built.set(amount, schema);
    }
    return schema;
  };
}

const copSchema = perRange((amount) =>
  v.strictObject(
    {
      currency: v.literal('COP'),
      paymentMethod: v.nullish(v.picklist(['BANK_TRANSFER', 'PSE', 'NEQUI', 'BREB'])),
      name: commonSchemas.name,
      email: commonSchemas.email,
      phone: checkedString(parseE164Phone),
      amount: amountSchema(amount, 'COP'),
      description: commonSchemas.description,
      responsibleDocument: checkedString(parseColombianDocument),
      responsibleExternalId: commonSchemas.responsibleExternalId,
      externalId: commonSchemas.externalId,
      postbackUrl: commonSchemas.postbackUrl,
      cpf: unusedCpf,
    },
    bodyMessage,
  ),
);

const bobSchema = perRange((amount) =>
  v.strictObject(
    {
      currency: v.literal('BOB'),
      paymentMethod: v.nullish(v.literal('QR')),
      name: commonSchemas.name,
      email: commonSchemas.email,
      phone: checkedString(parseE164Phone),
      amount: amountSchema(amount, 'BOB'),
      description: commonSchemas.description,
      responsibleDocument: checkedString(parseBolivianDocument),
      responsibleExternalId: commonSchemas.responsibleExternalId,
      externalId: commonSchemas.externalId,
      postbackUrl: commonSchemas.postbackUrl,
      cpf: unusedCpf,
    },
    bodyMessage,
  ),
);

export function copRequestParser(method: CopMethod) {
  return (body: unknown, context: VariantContext): CopPurchaseRequest => {
    const parsed = parseOrThrow(copSchema(context.amount), body);
    return {
      currency: 'COP',
      method,
      ...commonFields(parsed, parsed.responsibleDocument.number),
      phone: parsed.phone,
      responsibleDocumentTypes: parsed.responsibleDocument.types,
    };
  };
}

export function parseBobRequest(body: unknown, context: VariantContext): BobPurchaseRequest {
  const parsed = parseOrThrow(bobSchema(context.amount), body);
  return {
    currency: 'BOB',
    method: 'QR',
    ...commonFields(parsed, parsed.responsibleDocument.number),
    phone: parsed.phone,
    responsibleDocumentTypes: parsed.responsibleDocument.types,
  };
}
