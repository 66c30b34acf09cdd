// The hosted checkout's form: the fields each method asks of the payer come from its purchase
// schema, every one has words in the payer's language, and the page's script is the bundle of
// those same schemas (as `npm run checkout:scripts` writes it).
import { describe, expect, it } from 'vitest';
import { buildCheckoutFormScripts } from '../../infra/checkout-form-build.ts';
import { payerProblemsOf } from '../../shared/checkout/hosted-checkout.ts';
import { fieldProblem, isRequired, payerFieldSchemas } from '../../shared/checkout/payer-fields.ts';
import { badRequest } from '../../shared/errors.ts';
import { checkoutFormCopy } from '../../shared/hosted-pages/render/checkout-form-messages.ts';
import { checkoutFormScripts } from '../../shared/hosted-pages/render/checkout-form-scripts.generated.ts';
import { langForCurrency } from '../../shared/hosted-pages/render/locale.ts';
import { paymentMethods, purchaseCurrencies } from '../../shared/payment-methods.ts';
import { purchaseSchemaFor } from '../../shared/purchase/purchase-schema.ts';
import { noon, validCpf } from '../support/purchase-fixtures.ts';

const fieldsOf = (row: (typeof paymentMethods)[number]) =>
  payerFieldSchemas(purchaseSchemaFor(row, noon), row.currency);

describe('the payer fields of a method', () => {
  it('are the contact fields and the payer’s document of its schema, with the boleto’s address', () => {
    for (const row of paymentMethods) {
      const names = [...fieldsOf(row).keys()];
      expect(names.slice(0, 3)).toEqual(['name', 'email', 'phone']);
      expect(names[3]).toBe(row.currency === 'BRL' ? 'cpf' : 'responsibleDocument');
      expect(names.some((name) => name.startsWith('boletoAddress['))).toBe(row.request === 'BoletoPurchase');
    }
  });

  it('are required or optional as the purchase schema says, and checked by it', () => {
    const pix = paymentMethods.find((row) => row.request === 'PixPurchase')!;
    const boleto = paymentMethods.find((row) => row.request === 'BoletoPurchase')!;
    expect(isRequired(fieldsOf(pix).get('phone')!)).toBe(false);
    expect(isRequired(fieldsOf(boleto).get('phone')!)).toBe(true);
    expect(isRequired(fieldsOf(boleto).get('boletoAddress[complement]')!)).toBe(false);
    const cpf = fieldsOf(pix).get('cpf')!;
    expect(fieldProblem(cpf, validCpf)).toBeNull();
    expect(fieldProblem(cpf, '111.111.111-11')).toBe('invalid');
    expect(fieldProblem(cpf, '   ')).toBe('missing');
  });

  it('each have words in the payer’s language', () => {
    for (const row of paymentMethods) {
      const copy = checkoutFormCopy(langForCurrency(row.currency));
      for (const name of fieldsOf(row).keys())
        expect(copy.fields[name], `${row.method} ${name}`).toBeDefined();
    }
  });
});

describe('a purchase error on a form post', () => {
  const fields = new Set(['name', 'cpf', 'boletoAddress[zipCode]']);

  it('names the payer’s fields it is about', () => {
    const error = badRequest('validation', 'cpf: is required; boletoAddress.zipCode: must be 8 digits');
    expect(Object.fromEntries(payerProblemsOf(error, fields)!)).toEqual({
      cpf: 'missing',
      'boletoAddress[zipCode]': 'invalid',
    });
  });

  it('is not the payer’s to fix when it names a field the session supplies', () => {
    expect(payerProblemsOf(badRequest('validation', 'cpf: x; responsibleDocument: y'), fields)).toBeNull();
  });
});

describe('the checkout’s script', () => {
  it('is the bundle `npm run checkout:scripts` writes, one per currency, small enough for the page', async () => {
    const built = await buildCheckoutFormScripts();
    for (const currency of purchaseCurrencies) {
      expect(checkoutFormScripts[currency], `run npm run checkout:scripts (${currency})`).toBe(
        built[currency],
      );
      expect(Buffer.byteLength(built[currency])).toBeLessThan(16 * 1024);
    }
  });
});
