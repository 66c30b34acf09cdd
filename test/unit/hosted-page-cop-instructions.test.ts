import { describe, expect, it } from 'vitest';
import {
  sandboxBankTransfer,
  sandboxBrebInstructions,
  sandboxBrebKey,
  sandboxBrebQrPayload,
} from '../../shared/hosted-pages/cop-instructions.ts';
import { renderQrSvg } from '../../shared/hosted-pages/render/qr-svg.ts';
import { nitCheckDigit } from '../../shared/purchase/documents.ts';
import { parseEmv, verifyEmvCrc } from '../../shared/rails/emv-qr.ts';
import { decodeQrGrid, qrGridFromSvg } from '../support/page-decoders.ts';

const tx = { id: '1764082800000123456', amount: 5_000_000 };

describe('sandbox Bre-B instructions', () => {
  it('key is @cashin and the last 8 digits of the transaction id', () => {
    expect(sandboxBrebKey(tx)).toBe('@cashin00123456');
    expect(sandboxBrebKey({ id: '1764082800000987654' })).toBe('@cashin00987654');
  });

  it('QR is a valid EMV payload in pesos for Colombia carrying the key, amount and reference', () => {
    const payload = sandboxBrebQrPayload(tx);
    expect(verifyEmvCrc(payload)).toBe(true);
    const { values, fields } = parseEmv(payload);
    expect(values['01']).toBe('12');
    expect(values['26.01']).toBe('@cashin00123456');
    expect(values['53']).toBe('170');
    expect(values['58']).toBe('CO');
    expect(values['54']).toBe('50000.00');
    expect(values['60']).toBe('Bogota');
    expect(values['62.05']).toBe(tx.id);
    expect(fields.map((f) => f.id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
  });

  it('is deterministic and differs between transactions and amounts', () => {
    expect(sandboxBrebInstructions(tx)).toEqual(sandboxBrebInstructions({ ...tx }));
    expect(sandboxBrebQrPayload({ ...tx, amount: 5_000_100 })).not.toBe(sandboxBrebQrPayload(tx));
    expect(sandboxBrebQrPayload({ ...tx, id: '1764082800000123457' })).not.toBe(sandboxBrebQrPayload(tx));
  });

  it('the largest COP amount still fits tag 54, and the payload scans as a QR', () => {
    const payload = sandboxBrebQrPayload({ ...tx, amount: 1_000_000_000 });
    expect(parseEmv(payload).values['54']).toBe('10000000.00');
    expect(decodeQrGrid(qrGridFromSvg(renderQrSvg(payload, { label: 'QR' })))).toBe(payload);
  });
});

describe('sandbox bank transfer', () => {
  it('names the sandbox collection account with a valid NIT and the transaction id as reference', () => {
    const account = sandboxBankTransfer(tx);
    expect(account.reference).toBe(tx.id);
    const [body, dv] = account.nit.split('-');
    expect(Number(dv)).toBe(nitCheckDigit(body!));
    expect(account).toMatchObject({
      bank: 'Banco Sandbox',
      accountType: 'Cuenta de ahorros',
      holder: 'Cashin Sandbox S.A.S.',
    });
    expect(account.accountNumber).toMatch(/^[\d-]+$/);
  });
});
