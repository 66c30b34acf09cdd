// One valid purchase body per variant of the contract, marked as smoke traffic in every field a
// merchant sees (externalId, description, e-mail at example domains).
import { methodsOf } from '../../../shared/payment-methods.ts';
import type { CopMethod } from '../../../shared/purchase/purchase-request.ts';

const copMethods = methodsOf('COP').map((row) => row.method as CopMethod);

export interface PurchaseVariant {
  readonly label: string;
  /** The field GET /transactions/:id fills once the rail has the instruction. */
  readonly instructionField: 'boletoDigitableLine' | 'redirectUrl' | 'qr';
  body(externalId: string): Record<string, unknown>;
}

const common = (externalId: string) => ({
  externalId,
  description: `Smoke test ${externalId}`,
  responsibleExternalId: 'smoke-test',
});

const boleto: PurchaseVariant = {
  label: 'BRL BOLETO',
  instructionField: 'boletoDigitableLine',
  body: (externalId) => ({
    ...common(externalId),
    paymentMethod: 'BOLETO',
    name: 'Teste Fumaça',
    email: 'smoke@example.com.br',
    phone: '11912345678',
    amount: 1_000,
    cpf: '529.982.247-25',
    responsibleDocument: '11.222.333/0001-81',
    boletoAddress: {
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      zipCode: '01310-100',
      uf: 'SP',
    },
  }),
};

const cop = (method: CopMethod): PurchaseVariant => ({
  label: `COP ${method}`,
  instructionField: 'redirectUrl',
  body: (externalId) => ({
    ...common(externalId),
    currency: 'COP',
    paymentMethod: method,
    name: 'Prueba Humo',
    email: 'smoke@example.co',
    phone: '+57 300 123 4567',
    amount: 1_000_000,
    responsibleDocument: '1.020.304.050',
  }),
});

const bobQr: PurchaseVariant = {
  label: 'BOB QR',
  instructionField: 'qr',
  body: (externalId) => ({
    ...common(externalId),
    currency: 'BOB',
    paymentMethod: 'QR',
    name: 'Prueba Humo',
    email: 'smoke@example.bo',
    phone: '+591 71234567',
    amount: 1_000,
    responsibleDocument: '4567890 LP',
  }),
};

export const purchaseVariants: readonly PurchaseVariant[] = [boleto, ...copMethods.map(cop), bobQr];
