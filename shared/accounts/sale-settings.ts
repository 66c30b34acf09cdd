// What the account's hosted checkout fills in for the merchant: the purchase API's
// `responsibleDocument` (the merchant's CPF/CNPJ, which BRL methods name) and
// `responsibleExternalId`. The payer never types them. And the account's time zone, in which the
// dashboard and the summary read days (a sale at 22:00 in São Paulo belongs to that day there).
import * as v from 'valibot';
import { saleSettingsExample, updateSaleSettingsExample } from '../openapi/checkout-examples.ts';
import { parseBrazilianDocument } from '../purchase/documents.ts';
import { defaultTimeZone, isTimeZone } from '../time/zoned-days.ts';
import { checkedString, identifier } from '../validation/fields.ts';

export interface SaleSettings {
  responsibleDocument: string | null;
  responsibleExternalId: string | null;
  /** IANA time zone; America/Sao_Paulo until the merchant chooses another. */
  timeZone: string;
}

/** The settings of an account item (top-level attributes, so each change is one update). */
export const saleSettingsOf = (
  account: { [Field in keyof SaleSettings]?: SaleSettings[Field] | null } | undefined,
): SaleSettings => ({
  responsibleDocument: account?.responsibleDocument ?? null,
  responsibleExternalId: account?.responsibleExternalId ?? null,
  timeZone: account?.timeZone ?? defaultTimeZone,
});

const saleSettingsFields = ['responsibleDocument', 'responsibleExternalId', 'timeZone'] as const;
const timeZoneRule = 'must be an IANA time zone such as America/Sao_Paulo or America/Bogota';

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
    timeZone: v.nullish(
      v.pipe(
        v.string(timeZoneRule),
        v.check(isTimeZone, timeZoneRule),
        v.description(
          `The account's time zone (IANA): the dashboard's dates and filters and the summary's days are read in it. null: ${defaultTimeZone}.`,
        ),
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
    timeZone: v.pipe(
      v.string(),
      v.description(
        `IANA time zone of the account's days (dashboard, summary); ${defaultTimeZone} by default.`,
      ),
    ),
  }),
  v.title('AccountSettings'),
  v.examples([saleSettingsExample]),
);
