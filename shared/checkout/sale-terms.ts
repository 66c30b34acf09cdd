// What a sale takes from the account, fixed when a session or link is made: the responsible
// party the purchase API needs and the account's fees for the methods offered. Callers pass the
// account as a consistent read, not the request path's cached settings: terms are fixed for the
// sale's life, so a document or fee the merchant has just saved must be the one they get.
import type { AccountRecord } from '../accounts/account.ts';
import { saleSettingsOf } from '../accounts/sale-settings.ts';
import { badRequest } from '../errors.ts';
import { methodKey, type PurchaseCurrency, rowMethodOf, type SaleMethod } from '../payment-methods.ts';
import type { SaleTerms } from './checkout-session.ts';
import { merchantIsResponsible } from './payer-fields.ts';

export function saleTerms(
  account: AccountRecord | undefined,
  accountId: string,
  currency: PurchaseCurrency,
  methods: readonly SaleMethod[],
): SaleTerms {
  const settings = saleSettingsOf(account);
  if (merchantIsResponsible(currency) && settings.responsibleDocument === null)
    throw badRequest(
      'account.responsible_document_missing',
      "offerId: a BRL sale names the merchant's CPF or CNPJ; set responsibleDocument with PUT /v2/account/settings first",
    );
  const fees = Object.fromEntries(
    methods.flatMap((offered) => {
      // A Pix Automático debit is a Pix: its row's fee applies.
      const key = methodKey({ currency, method: rowMethodOf(offered) });
      const rule = account?.fees?.[key];
      return rule ? [[key, rule]] : [];
    }),
  );
  return {
    responsibleDocument: merchantIsResponsible(currency) ? settings.responsibleDocument : null,
    responsibleExternalId: settings.responsibleExternalId ?? accountId,
    fees,
  };
}
