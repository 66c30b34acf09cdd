// BRL PIX purchase bodies: required fields, amount and expiresIn bounds, documents by check
// digits, the optional phone; every refusal is a 400 naming the field.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { findMethod } from '../../shared/payment-methods.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { defaultPixExpiresIn, pixExpiresInLimits } from '../../shared/purchase/requests/pix-request.ts';
import { noon, pixBody } from '../support/purchase-fixtures.ts';

function rejection(body: unknown): string {
  try {
    parsePurchaseRequest(body, noon);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('expected a 400, the body was accepted');
}

const without = (body: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

describe('BRL PIX', () => {
  it('returns the normalised request with the default expiry and no phone', () => {
    expect(parsePurchaseRequest(pixBody(), noon)).toEqual({
      currency: 'BRL',
      method: 'PIX',
      name: 'Maria da Silva',
      email: 'maria@example.com.br',
      phone: null,
      amount: 15_000,
      description: 'Pedido 1234',
      responsibleDocument: '11222333000181',
      responsibleDocumentType: 'CNPJ',
      responsibleExternalId: 'merchant-7',
      externalId: null,
      postbackUrl: null,
      sendEmails: true,
      cpf: '52998224725',
      cpfType: 'CPF',
      expiresIn: defaultPixExpiresIn,
    });
    expect(defaultPixExpiresIn).toBe(86_400);
  });

  it('accepts currency BRL, a phone, an expiresIn and a CNPJ payer', () => {
    const request = parsePurchaseRequest(
      { ...pixBody(), currency: 'BRL', phone: '(11) 91234-5678', expiresIn: 600, cpf: '11.222.333/0001-81' },
      noon,
    );
    expect(request).toMatchObject({
      phone: '11912345678',
      expiresIn: 600,
      cpf: '11222333000181',
      cpfType: 'CNPJ',
    });
  });

  it.each(['name', 'email', 'amount', 'description', 'cpf', 'responsibleDocument', 'responsibleExternalId'])(
    'requires %s',
    (field) => {
      expect(rejection(without(pixBody(), field))).toBe(`${field}: is required`);
    },
  );

  it('uses the catalogue row range for amount', () => {
    const { min, max } = findMethod('BRL', 'PIX')!.amount;
    expect([min, max]).toEqual([1, 9_999_999_999]);
    expect(parsePurchaseRequest({ ...pixBody(), amount: min }, noon).amount).toBe(min);
    expect(parsePurchaseRequest({ ...pixBody(), amount: max }, noon).amount).toBe(max);
    for (const amount of [0, -1, max + 1, 1.5, '100', null])
      expect(rejection({ ...pixBody(), amount })).toBe(
        `amount: must be an integer between ${min} and ${max} (cents of BRL)`,
      );
  });

  it('bounds expiresIn', () => {
    const { min, max } = pixExpiresInLimits;
    expect(parsePurchaseRequest({ ...pixBody(), expiresIn: min }, noon)).toMatchObject({ expiresIn: min });
    expect(parsePurchaseRequest({ ...pixBody(), expiresIn: max }, noon)).toMatchObject({ expiresIn: max });
    for (const expiresIn of [min - 1, max + 1, 0, -60, 90.5, '3600', true])
      expect(rejection({ ...pixBody(), expiresIn })).toBe(
        `expiresIn: must be an integer number of seconds between ${min} and ${max}`,
      );
  });

  it('checks documents by their check digits without repeating them', () => {
    const message = rejection({
      ...pixBody(),
      cpf: '529.982.247-26',
      responsibleDocument: '11.222.333/0001-82',
    });
    expect(message).toMatch(/^cpf: .*; responsibleDocument: /);
    expect(message).not.toContain('52998224726');
  });

  it('refuses boleto fields and unknown fields by name', () => {
    expect(rejection({ ...pixBody(), dueDate: '2026-12-01' })).toBe('dueDate: unknown field');
    expect(rejection({ ...pixBody(), qr: 'x' })).toBe('qr: unknown field');
  });

  it("caps name at API Pix's devedor.nome (200)", () => {
    expect(rejection({ ...pixBody(), name: 'x'.repeat(201) })).toBe('name: must be at most 200 characters');
  });
});
