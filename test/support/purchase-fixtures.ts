// Valid purchase bodies, one per variant, shared by the example and property tests.
import { payerDocumentField } from '../../shared/checkout/payer-fields.ts';
import {
  type CheckoutBody,
  type PaymentMethodRow,
  type PurchaseVariantName,
  paymentMethods,
} from '../../shared/payment-methods.ts';

/** 12:00 in São Paulo on 2026-11-25. */
export const noon = new Date('2026-11-25T15:00:00Z');

export const validCpf = '529.982.247-25';
export const validCnpj = '11.222.333/0001-81';
export const alphanumericCnpj = '12.ABC.345/01DE-35';

export function boletoBody(): Record<string, unknown> {
  return {
    paymentMethod: 'BOLETO',
    name: 'Maria da Silva',
    email: 'maria@example.com.br',
    phone: '(11) 91234-5678',
    amount: 15_000,
    description: 'Pedido 1234',
    cpf: validCpf,
    responsibleDocument: validCnpj,
    responsibleExternalId: 'merchant-7',
    boletoAddress: {
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      zipCode: '01310-100',
      uf: 'SP',
    },
  };
}

export function pixBody(): Record<string, unknown> {
  return {
    paymentMethod: 'PIX',
    name: 'Maria da Silva',
    email: 'maria@example.com.br',
    amount: 15_000,
    description: 'Pedido 1234',
    cpf: validCpf,
    responsibleDocument: validCnpj,
    responsibleExternalId: 'merchant-7',
  };
}

export function copBody(): Record<string, unknown> {
  return {
    currency: 'COP',
    name: 'Juan Pérez',
    email: 'juan@example.co',
    phone: '+57 300 123 4567',
    amount: 5_000_000,
    description: 'Orden 55',
    responsibleDocument: '1.020.304.050',
    responsibleExternalId: 'cliente-9',
  };
}

export function bobBody(): Record<string, unknown> {
  return {
    currency: 'BOB',
    name: 'Ana Mamani',
    email: 'ana@example.bo',
    phone: '+591 71234567',
    amount: 10_000,
    description: 'Compra 77',
    responsibleDocument: '4567890 LP',
    responsibleExternalId: 'cli-3',
  };
}

const bodyOfVariant: Record<PurchaseVariantName, () => Record<string, unknown>> = {
  BoletoPurchase: boletoBody,
  PixPurchase: pixBody,
  CopPurchase: copBody,
  BobPurchase: bobBody,
};

/** A valid body for any catalogue row: its variant's fixture, naming the row's method. */
export function bodyFor(row: PaymentMethodRow): Record<string, unknown> {
  return { ...bodyOfVariant[row.request](), currency: row.currency, paymentMethod: row.method };
}

/** The catalogue's rows whose payer page is the COP checkout. */
export const checkoutRows = paymentMethods.filter((row) => row.page.kind === 'checkout');

/** The checkout body a row shows (every row of checkoutRows has one). */
export function checkoutBodyOf(row: PaymentMethodRow): CheckoutBody {
  if (row.page.kind !== 'checkout') throw new Error(`${row.method} has no checkout page`);
  return row.page.body;
}

/** The hosted checkout's form for a row: the payer's fields of its fixture, with the form's names. */
export function checkoutFormFor(row: PaymentMethodRow): Record<string, string> {
  const body = bodyFor(row);
  const form: Record<string, string> = { paymentMethod: row.method };
  for (const name of ['name', 'email', 'phone', payerDocumentField(row.currency)])
    if (typeof body[name] === 'string') form[name] = body[name] as string;
  const address = (body.boletoAddress ?? {}) as Record<string, string>;
  for (const [name, value] of Object.entries(address)) form[`boletoAddress[${name}]`] = value;
  return form;
}
