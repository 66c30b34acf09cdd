// One request example per purchase variant (and per COP method), shown by the reference page
// and checked against the variant schemas by the linter and a unit test.

import { methodName, methodsOf, type PaymentMethodRow } from '../payment-methods.ts';
import { addDays, todayInSaoPaulo } from '../purchase/due-date.ts';

export interface PurchaseExample {
  readonly summary: string;
  readonly value: Readonly<Record<string, unknown>>;
}

const copPayer = {
  name: 'Juan Pérez',
  email: 'juan@example.co',
  phone: '+573001234567',
  amount: 5_000_000,
  description: 'Orden 55',
  responsibleDocument: '1020304050',
  responsibleExternalId: 'cliente-9',
};

/** "Nequi (wallet)", "Bank transfer (the default)": the row's English name and note. */
function exampleTitle(row: PaymentMethodRow): string {
  const notes = [row.note, row.isDefault ? 'the default' : undefined].filter(Boolean);
  return notes.length > 0 ? `${methodName(row, 'en')} (${notes.join(', ')})` : methodName(row, 'en');
}

export function purchaseExamples(now: Date): Record<string, PurchaseExample> {
  const cop = Object.fromEntries(
    methodsOf('COP').map((row, index) => [
      `cop-${row.method.toLowerCase().replace('_', '-')}`,
      {
        summary: `COP ${exampleTitle(row)}`,
        value: {
          currency: 'COP',
          paymentMethod: row.method,
          ...copPayer,
          externalId: `order-cop-${index + 1}`,
        },
      },
    ]),
  );
  return {
    pix: {
      summary: 'BRL PIX (dynamic BR Code, valid for one hour)',
      value: {
        currency: 'BRL',
        paymentMethod: 'PIX',
        name: 'Maria da Silva',
        email: 'maria@example.com.br',
        amount: 2_590,
        description: 'Pedido 1235',
        cpf: '52998224725',
        responsibleDocument: '11222333000181',
        responsibleExternalId: 'merchant-7',
        externalId: 'order-1235',
        expiresIn: 3_600,
      },
    },
    boleto: {
      summary: 'BRL boleto',
      value: {
        currency: 'BRL',
        paymentMethod: 'BOLETO',
        name: 'Maria da Silva',
        email: 'maria@example.com.br',
        phone: '11912345678',
        amount: 15_000,
        description: 'Pedido 1234',
        cpf: '52998224725',
        responsibleDocument: '11222333000181',
        responsibleExternalId: 'merchant-7',
        externalId: 'order-1234',
        postbackUrl: 'https://merchant.example/webhooks',
        dueDate: addDays(todayInSaoPaulo(now), 3),
        boletoAddress: {
          address: 'Avenida Paulista',
          number: '1000',
          district: 'Bela Vista',
          city: 'São Paulo',
          zipCode: '01310100',
          uf: 'SP',
        },
      },
    },
    ...cop,
    'bob-qr': {
      summary: 'BOB QR',
      value: {
        currency: 'BOB',
        paymentMethod: 'QR',
        name: 'Ana Mamani',
        email: 'ana@example.bo',
        phone: '+59171234567',
        amount: 10_000,
        description: 'Compra 77',
        responsibleDocument: '4567890 LP',
        responsibleExternalId: 'cli-3',
        externalId: 'order-bob-1',
      },
    },
  };
}
