// shared/emails/mime.ts read back by mailparser (what the local mail server and most clients
// parse with): every header and part survives, accents and all, and nothing a merchant types
// (sender name, subject) can add a header.
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { ComposedEmail } from '../../shared/emails/compose-email.ts';
import { buildMime, headerText } from '../../shared/emails/mime.ts';

const pdf = new Uint8Array(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));
const email: ComposedEmail = {
  subject: 'Seu pagamento para Padaria São João — pedido nº 1234, vencimento amanhã às 18h',
  text: `Olá Maria,\npague até amanhã: ${'0'.repeat(200)}\nObrigado!`,
  html: '<p>Olá <b>Maria</b>, pague até amanhã.</p>',
  attachments: [{ filename: 'boleto-1764082800000123456.pdf', contentType: 'application/pdf', content: pdf }],
};
const envelope = {
  from: { name: 'Padaria "São João"', address: 'no-reply@pay.example.com' },
  to: 'maria@example.com',
  replyTo: 'contato@padaria.example',
};

describe('buildMime', () => {
  it('reads back as the composed e-mail: headers, text, HTML and the attachment byte for byte', async () => {
    const raw = buildMime(email, envelope, new Date('2026-11-27T02:31:56Z'));
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Padaria "São João"', address: 'no-reply@pay.example.com' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : parsed.to).toBe('maria@example.com');
    expect(parsed.replyTo?.text).toBe('contato@padaria.example');
    expect(parsed.date?.toISOString()).toBe('2026-11-27T02:31:56.000Z');
    expect(parsed.messageId).toMatch(/^<[0-9a-f]{32}@pay\.example\.com>$/);
    expect(parsed.text?.trim()).toBe(email.text);
    expect(parsed.html).toBe(email.html);
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toBe('boleto-1764082800000123456.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.contentDisposition).toBe('attachment');
    expect(Buffer.compare(attachment!.content, Buffer.from(pdf))).toBe(0);
  });

  it('is multipart/alternative alone without attachments, with every line within 78 characters', async () => {
    const raw = buildMime({ ...email, attachments: [] }, { ...envelope, replyTo: null });
    const text = raw.toString('utf8');
    expect(text).toMatch(/^Content-Type: multipart\/alternative; boundary="/m);
    expect(text).not.toMatch(/multipart\/mixed|^Reply-To:/m);
    expect(text.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const parsed = await simpleParser(raw);
    expect(parsed.attachments).toEqual([]);
    expect(parsed.html).toBe(email.html);
  });

  it('keeps line breaks in a sender name or subject inside the header (no header injection)', async () => {
    const raw = buildMime(
      { ...email, subject: 'Pedido\r\nBcc: victim@example.com' },
      { ...envelope, from: { name: 'Loja\r\nBcc: other@example.com', address: 'no-reply@pay.example.com' } },
    );
    expect(raw.toString('utf8')).not.toMatch(/^Bcc:/im);
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).toContain('Bcc: victim@example.com');
  });

  it('refuses an address that is not a plain name@domain', () => {
    expect(() => buildMime(email, { ...envelope, to: 'maria@example.com\r\nBcc: x@example.com' })).toThrow(
      /plain address/,
    );
    expect(() => buildMime(email, { ...envelope, replyTo: 'Maria <maria@example.com>' })).toThrow(
      /plain address/,
    );
  });
});

describe('headerText', () => {
  it('leaves printable ASCII alone and encodes the rest in words of at most 75 characters', () => {
    expect(headerText('Your payment to Shop')).toBe('Your payment to Shop');
    const encoded = headerText('ç'.repeat(100));
    const words = encoded.split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    expect(words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).join('')).toBe(
      'ç'.repeat(100),
    );
  });
});
