// What the account's hosted checkout fills in for the merchant: the purchase API's
// `responsibleDocument` (the merchant's CPF/CNPJ, which BRL methods name) and
// `responsibleExternalId`. The payer never types them.
import * as v from 'valibot';
import { saleSettingsExample, updateSaleSettingsExample } from '../openapi/checkout-examples.ts';
import { parseBrazilianDocument } from '../purchase/documents.ts';
import { checkedString, identifier } from '../validation/fields.ts';

export interface SaleSettings {
  responsibleDocument: string | null;
  responsibleExternalId: string | null;
}

/** The settings of an account item (top-level attributes, so each change is one update). */
export const saleSettingsOf = (account: Partial<SaleSettings> | undefined): SaleSettings => ({
  responsibleDocument: account?.responsibleDocument ?? null,
  responsibleExternalId: account?.responsibleExternalId ?? null,
});

const saleSettingsFields = ['responsibleDocument', 'responsibleExternalId'] as const;

export const updateSaleSettingsSchema = v.pipe(
  v.strictObject({
    responsibleDocument: v.nullish(
      v.pipe(
        checkedString(parseBrazilianDocument, {
          description:
            "The merchant's CPF or CNPJ, which BRL sales name as the responsible party; punctuation is accepted. null clears it.",
        }),
        v.transform((document) => document.number),
      ),
    ),
    responsibleExternalId: v.nullish(
      v.pipe(
        identifier(255),
        v.description("Your id of the responsible party on every sale; the account's id when null."),
      ),
    ),
  }),
  v.check(
    (body) => saleSettingsFields.some((field) => body[field] !== undefined),
    `must contain at least one of ${saleSettingsFields.join(', ')}`,
  ),
  v.examples([updateSaleSettingsExample]),
);

export type UpdateSaleSettingsInput = v.InferOutput<typeof updateSaleSettingsSchema>;

export const saleSettingsSchema = v.pipe(
  v.object({
    responsibleDocument: v.pipe(
      v.nullable(v.string()),
      v.description('CPF (11 digits) or CNPJ (14 characters), without punctuation; BRL sales need it.'),
    ),
    responsibleExternalId: v.pipe(
      v.nullable(v.string()),
      v.description("null: sales name the account's id as the responsible party's id."),
    ),
  }),
  v.title('AccountSettings'),
  v.examples([saleSettingsExample]),
);
