// What a validated purchase body becomes: the fields every variant shares, one interface per
// payment method, and the valibot pieces the variants' schemas are built from.

import {
  checkEmail,
  checkedString,
  checkPostbackUrl,
  freeText,
  identifier,
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

export type CopMethod = 'BANK_TRANSFER' | 'PSE' | 'NEQUI' | 'BREB';

export interface CopPurchaseRequest extends PurchaseCommon {
  readonly currency: 'COP';
  readonly method: CopMethod;
  readonly phone: string;
  readonly responsibleDocumentTypes: readonly ColombianDocumentType[];
}

export interface BobPurchaseRequest extends PurchaseCommon {
  readonly currency: 'BOB';
  readonly method: 'QR';
  readonly phone: string;
  readonly responsibleDocumentTypes: readonly BolivianDocumentType[];
}

export type PurchaseRequest =
  | BoletoPurchaseRequest
  | PixPurchaseRequest
  | CopPurchaseRequest
  | BobPurchaseRequest;

/** What a variant's parser gets besides the body: "today" and its catalogue row's amount range. */
export interface VariantContext {
  readonly now: Date;
  readonly amount: { readonly min: number; readonly max: number };
}

export const bodyMessage = 'must be a JSON object';

export const commonSchemas = {
  name: freeText(255),
  email: checkedString(checkEmail),
  description: freeText(255),
  responsibleExternalId: identifier(255),
  externalId: optionalField(identifier(255)),
  postbackUrl: optionalField(checkedString(checkPostbackUrl)),
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
  };
}
