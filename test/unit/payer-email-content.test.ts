import { describe, expect, it } from 'vitest';
import { composeEmail } from '../../shared/emails/compose-email.ts';
import { addressesToSuppress } from '../../shared/emails/email-feedback.ts';
import { maskEmail } from '../../shared/emails/email-kinds.ts';
import { paymentMethods } from '../../shared/payment-methods.ts';

const boletoRow = paymentMethods.find((row) => row.page.kind === 'boleto')!;
const bobRow = paymentMethods.find((row) => row.currency === 'BOB')!;

const record = {
  id: '1764082800000123456',
  currency: 'BRL' as const,
  method: boletoRow.method,
  amount: 25_990,
  description: 'Pedido <1234>',
  payer: { name: 'Maria', email: 'maria@example.com', phone: null, document: '', responsibleExternalId: '' },
  qr: null,
  boletoDigitableLine: '00190.00009 01234.567004 00000.000000 1 10000000025990',
};

describe('composeEmail', () => {
  it('writes a boleto instruction in Portuguese, line in text and HTML, PDF attached, HTML escaped and loading nothing', () => {
    const email = composeEmail('instruction', record, {
      merchantName: 'Loja Ana',
      linkUrl: 'https://pay.example/pay/boleto/t',
      boletoPdf: new Uint8Array([37, 80, 68, 70]),
    });
    expect(email.subject).toBe('Seu pagamento para Loja Ana');
    expect(email.text).toContain(record.boletoDigitableLine);
    expect(email.text).toContain('https://pay.example/pay/boleto/t');
    expect(email.html).toContain(record.boletoDigitableLine);
    expect(email.html).toContain('Pedido &lt;1234&gt;');
    expect(email.html).not.toMatch(/<img|<script|src=|url\(/i);
    expect(email.attachments).toEqual([
      {
        filename: `boleto-${record.id}.pdf`,
        contentType: 'application/pdf',
        content: expect.any(Uint8Array),
      },
    ]);
  });

  it('writes a BOB receipt in Spanish with the receipt link and no attachment', () => {
    const email = composeEmail(
      'receipt',
      { ...record, currency: 'BOB', method: bobRow.method, boletoDigitableLine: null, qr: '000201…' },
      { merchantName: 'Tienda', linkUrl: 'https://pay.example/receipt/t' },
    );
    expect(email.subject).toBe('Comprobante: tu pago a Tienda');
    expect(email.text).toContain('https://pay.example/receipt/t');
    expect(email.text).not.toContain('000201');
    expect(email.attachments).toEqual([]);
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('maria@example.com')).toBe('m**@example.com');
    expect(maskEmail('broken')).toBe('***');
  });
});

describe('addressesToSuppress', () => {
  it('takes permanent bounces and complaints, ignores transient bounces and deliveries', () => {
    expect(
      addressesToSuppress({
        notificationType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'a@x.com' }] },
      }),
    ).toEqual({ reason: 'bounce', addresses: ['a@x.com'] });
    expect(
      addressesToSuppress({
        eventType: 'Complaint',
        complaint: { complainedRecipients: [{ emailAddress: 'b@x.com' }] },
      }),
    ).toEqual({ reason: 'complaint', addresses: ['b@x.com'] });
    expect(
      addressesToSuppress({ notificationType: 'Bounce', bounce: { bounceType: 'Transient' } }),
    ).toBeNull();
    expect(addressesToSuppress({ notificationType: 'Delivery' })).toBeNull();
    expect(addressesToSuppress('nonsense')).toBeNull();
  });
});
