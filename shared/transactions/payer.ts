// The payer as the API shows it on a transaction, and who sees the payer's document whole.
// BRL purchases name the merchant as the responsible party and the payer by `cpf`; COP and BOB
// purchases name the payer in `responsibleDocument`: `payer.document` is the payer's either way.
import type { Permission } from '../permissions.ts';
import type { TransactionRecord } from './transaction.ts';

export interface PayerView {
  name: string;
  email: string;
  /** Null where the method makes it optional (PIX) and it was not sent. */
  phone: string | null;
  /** Whole on a single read by a key that may create transactions; else masked but its last characters. */
  document: string;
}

export function payerOf(record: Pick<TransactionRecord, 'payer' | 'boleto' | 'pix'>): PayerView {
  return {
    name: record.payer.name,
    email: record.payer.email,
    phone: record.payer.phone,
    document: record.boleto?.payerDocument ?? record.pix?.payerDocument ?? record.payer.document,
  };
}

/** Characters a masked document keeps at its end (fewer on very short documents). */
export const visibleDocumentCharacters = 4;

/**
 * Every letter and digit but the last few becomes `*`; separators stay, so the shape is still
 * recognisable (`***.***.*89-09`). Masking a masked document changes nothing.
 */
export function maskDocument(document: string): string {
  const significant = [...document].filter((character) => /[\p{L}\p{N}*]/u.test(character)).length;
  const visible = Math.min(visibleDocumentCharacters, Math.floor(significant / 2));
  let toHide = significant - visible;
  return [...document]
    .map((character) => {
      if (toHide === 0 || !/[\p{L}\p{N}*]/u.test(character)) return character;
      toHide -= 1;
      return '*';
    })
    .join('');
}

export type DocumentAccess = 'whole' | 'masked';

/**
 * What a key sees of the payer's document on a single read (GET /transactions/{id}, a cancel's
 * answer): whole with `createTransaction` (the integration that sent it), masked with only
 * `manageAccount` (the dashboard's people). Listings and exports mask it for every key.
 */
export function singleReadDocumentAccess(permissions: readonly Permission[]): DocumentAccess {
  return permissions.includes('createTransaction') ? 'whole' : 'masked';
}

export function withDocumentAccess<View extends { payer?: PayerView | undefined }>(
  view: View,
  access: DocumentAccess,
): View {
  return access === 'whole' || !view.payer
    ? view
    : { ...view, payer: { ...view.payer, document: maskDocument(view.payer.document) } };
}
