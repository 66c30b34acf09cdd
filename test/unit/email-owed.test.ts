import { describe, expect, it } from 'vitest';
import { emailOwed, emailsNotOwed } from '../../shared/emails/email-owed.ts';

const payer = { name: 'Maria', email: 'maria@example.com.br', phone: null, document: null } as never;

describe('e-mails a transaction is owed', () => {
  it('are owed unless the purchase said sendEmails: false', () => {
    expect(emailOwed({})).toBe(true);
    expect(emailOwed({ sendEmails: true })).toBe(true);
    expect(emailOwed({ sendEmails: false })).toBe(false);
  });

  it('not owed: each one the state would have owed shows SKIPPED, the instruction once filled, the receipt once paid', () => {
    expect(emailsNotOwed({ instructionFilledAt: null, paidAt: null, payer })).toEqual([]);
    expect(
      emailsNotOwed({ instructionFilledAt: '2026-11-26T10:00:00.000Z', paidAt: null, payer }).map((email) => [
        email.kind,
        email.status,
      ]),
    ).toEqual([['instruction', 'SKIPPED']]);
    expect(
      emailsNotOwed({
        instructionFilledAt: '2026-11-26T10:00:00.000Z',
        paidAt: '2026-11-26T10:05:00.000Z',
        payer,
      }).map((email) => [email.kind, email.status, email.to]),
    ).toEqual([
      ['instruction', 'SKIPPED', 'maria@example.com.br'],
      ['receipt', 'SKIPPED', 'maria@example.com.br'],
    ]);
  });
});
