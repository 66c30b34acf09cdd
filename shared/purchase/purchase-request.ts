// What a validated purchase body becomes: the fields every variant shares, one interface per
// payment method, and the valibot pieces the variants' schemas are built from.

import * as v from 'valibot';
import type { MethodOf } from '../payment-methods.ts';
import {
  checkEmail,
  checkedString,
  checkPostbackUrl,
  freeText,
  identifier,
  maxEmailLength,
  maxUrlLength,
  optionalField,
} from '../validation/fields.ts';
import type { BrazilianUf } from './brazil.ts';
import type { BolivianDocumentType, BrazilianDocumentType, ColombianDocumentType } from './documents.ts';

export interface PurchaseCommon {
  /** Trimmed, 1–255 characters. */
  readonly name: string;
  /** Trimmed. */
  readonly email: string;
  /** BRL: 8–12 digits. COP/BOB: `+` and 8–15 digits (E.164). Null where optional and absent (PIX). */
  readonly phone: string | null;
  /** Integer cents, inside the method's range. */
  readonly amount: number;
  /** Trimmed, 1–255 characters. */
  readonly description: string;
  /** Normalised document number (see documents.ts). */
  readonly responsibleDocument: string;
  /** As sent, 1–255 characters. */
  readonly responsibleExternalId: string;
  /** As sent, 1–255 characters; null when absent. */
  readonly externalId: string | null;
  /** Absolute http(s) URL as sent (trimmed); null when absent (the account's global URL applies). */
  readonly postbackUrl: string | null;
  /** False: the payer gets no e-mail for this transaction. */
  readonly sendEmails: boolean;
}

export interface BoletoAddress {
  readonly address: string;
  readonly number: string | null;
  readonly complement: string | null;
  readonly district: string;
  readonly city: string;
  /** 8 digits. */
  readonly zipCode: string;
  readonly uf: BrazilianUf;
}

export interface BoletoPurchaseRequest extends PurchaseCommon {
  readonly currency: 'BRL';
  readonly method: 'BOLETO';
  readonly phone: string;
  /** The payer's CPF (11 digits) or CNPJ (14 characters, upper-case). */
  readonly cpf: string;
  readonly cpfType: BrazilianDocumentType;
  readonly responsibleDocumentType: BrazilianDocumentType;
  /** YYYY-MM-DD, a São Paulo calendar day: as sent, or today + 3 days. */
  readonly dueDate: string;
  readonly boletoAddress: BoletoAddress;
}

export interface PixPurchaseRequest extends PurchaseCommon {
  readonly currency: 'BRL';
  readonly method: 'PIX';
  /** The payer's CPF (11 digits) or CNPJ (14 characters, upper-case). */
  readonly cpf: string;
  readonly cpfType: BrazilianDocumentType;
  readonly responsibleDocumentType: BrazilianDocumentType;
  /** Seconds the charge can be paid, from its creation on the rail. */
  readonly expiresIn: number;
}

export type CopMethod = MethodOf<'COP'>;

export interface CopPurchaseRequest extends PurchaseCommon {
  readonly currency: 'COP';
  readonly method: CopMethod;
  readonly phone: string;
  readonly responsibleDocumentTypes: readonly ColombianDocumentType[];
}

export interface BobPurchaseRequest extends PurchaseCommon {
  readonly currency: 'BOB';
  readonly method: MethodOf<'BOB'>;
  readonly phone: string;
  readonly responsibleDocumentTypes: readonly BolivianDocumentType[];
}

export type PurchaseRequest =
  | BoletoPurchaseRequest
  | PixPurchaseRequest
  | CopPurchaseRequest
  | BobPurchaseRequest;

/** What a variant's schema and parser get besides the body: "today" and their catalogue row. */
export interface VariantContext {
  readonly now: Date;
  /** The row's amount range. */
  readonly amount: { readonly min: number; readonly max: number };
  /** The row's method: what the request becomes. */
  readonly method: string;
  /** Every method of the row's currency: what `paymentMethod` may name. */
  readonly methods: readonly string[];
}

/** A purchase body variant, as catalogue rows name it (`request`): its schema and its parser. */
export interface PurchaseVariant {
  /** The body's schema for a row (also published by GET /openapi.json). */
  readonly schema: (context: VariantContext) => v.GenericSchema;
  /** Validates and normalises the body (400 naming each failing field). */
  readonly parse: (body: unknown, context: VariantContext) => PurchaseRequest;
}

export const bodyMessage = 'must be a JSON object';

export const commonSchemas = {
  name: freeText(255),
  email: checkedString(checkEmail, { format: 'email', maxLength: maxEmailLength }),
  description: freeText(255),
  responsibleExternalId: identifier(255),
  externalId: optionalField(identifier(255)),
  postbackUrl: optionalField(
    checkedString(checkPostbackUrl, {
      format: 'uri',
      maxLength: maxUrlLength,
      description: 'Webhook URL for this transaction; without it the account’s global URL is used.',
    }),
  ),
  sendEmails: v.pipe(
    v.optional(v.boolean()),
    v.description(
      'false: the payer gets no e-mail (instruction, receipt) for this transaction. Default true.',
    ),
  ),
};

interface ParsedCommon {
  readonly name: string;
  readonly email: string;
  readonly phone?: string | null | undefined;
  readonly amount: number;
  readonly description: string;
  readonly responsibleExternalId: string;
  readonly externalId?: string | null | undefined;
  readonly postbackUrl?: string | null | undefined;
  readonly sendEmails?: boolean | undefined;
}

export function commonFields(parsed: ParsedCommon, responsibleDocument: string): PurchaseCommon {
  return {
    name: parsed.name,
    email: parsed.email,
    phone: parsed.phone ?? null,
    amount: parsed.amount,
    description: parsed.description,
    responsibleDocument,
    responsibleExternalId: parsed.responsibleExternalId,
    externalId: parsed.externalId ?? null,
    postbackUrl: parsed.postbackUrl ?? null,
    sendEmails: parsed.sendEmails ?? true,
  };
}
