// Payer e-mails end to end, read from the local SMTP server `npm start` runs: for every method
// of the catalogue one instruction e-mail and one receipt, in the payer's language; the boleto's
// attachment carries the API's line; duplicated jobs send nothing twice; a bounced address is
// suppressed next time.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordEmailFeedback } from '../../shared/emails/email-feedback.ts';
import { emailTransport } from '../../shared/emails/email-transport.ts';
import { sendPayerEmail } from '../../shared/emails/send-payer-email.ts';
import { paymentMethods } from '../../shared/payment-methods.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { bodyFor } from '../support/purchase-fixtures.ts';

interface InboxMessage {
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

async function inboxOf(address: string): Promise<InboxMessage[]> {
  const all = (await (await fetch(sharedStack().mailInboxUrl)).json()) as InboxMessage[];
  return all.filter((message) => message.to.includes(address));
}

const filled = (tx: any) => Boolean(tx.boletoDigitableLine || tx.qr || tx.redirectUrl);

async function buy(body: Record<string, unknown>, key?: string): Promise<any> {
  const created = await call('POST', '/transactions/v2/purchase', { body, key });
  expect(created.status, created.text).toBe(201);
  return pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    filled,
    15_000,
    50,
  );
}

async function payAndWaitForEmails(tx: any, kinds: number, key?: string): Promise<any> {
  expect((await call('POST', `/sandbox/transactions/${tx.id}/pay`, { key })).status).toBe(202);
  return pollUntil(
    async () => (await call('GET', `/transactions/${tx.id}`, { key })).body,
    (t) =>
      t.status === 'PAID' &&
      t.emails?.filter((e: any) => e.status !== 'QUEUED' && e.status !== 'SENDING').length === kinds,
    20_000,
    100,
  );
}

const newAddress = () => `payer-${randomUUID().slice(0, 8)}@example.com`;

describe('payer e-mails', () => {
  it.each(paymentMethods.map((row) => [`${row.currency} ${row.method}`, row] as const))(
    '%s: one instruction e-mail and one receipt',
    async (_name, row) => {
      const address = newAddress();
      const tx = await buy({ ...bodyFor(row), email: address });
      const paid = await payAndWaitForEmails(tx, 2);
      expect(paid.emails.map((e: any) => [e.kind, e.status]).sort()).toEqual([
        ['instruction', 'SENT'],
        ['receipt', 'SENT'],
      ]);
      expect(paid.emails[0].to).toBe(`p**@example.com`);
      const messages = await inboxOf(address);
      expect(messages).toHaveLength(2);
      for (const message of messages) {
        expect(message.text).toContain(tx.id);
        // No outside images or trackers: the HTML loads nothing.
        expect(message.html).not.toMatch(/<img|src=|url\(/i);
      }
      const instruction = messages.find((m) => m.text.includes('/pay/'))!;
      expect(instruction, 'instruction e-mail links the payer page').toBeDefined();
      const receipt = messages.find((m) => m.text.includes('/receipt/'))!;
      expect(receipt, 'receipt e-mail links the receipt').toBeDefined();
      if (row.method === 'BOLETO') {
        expect(instruction.text).toContain(tx.boletoDigitableLine);
        const [pdf] = instruction.attachments;
        expect(pdf?.contentType).toBe('application/pdf');
        const body = Buffer.from(pdf!.contentBase64, 'base64').toString('latin1');
        expect(body).toContain(Buffer.from(tx.boletoDigitableLine, 'latin1').toString('hex'));
      }
      if (row.method === 'PIX') expect(instruction.text).toContain(tx.qr);
    },
  );

  it('sends none with sendEmails: false on the purchase', async () => {
    const address = newAddress();
    const row = paymentMethods.find((r) => r.currency === 'BOB')!;
    const tx = await buy({ ...bodyFor(row), email: address, sendEmails: false });
    const paid = await payAndWaitForEmails(tx, 2);
    expect(paid.emails.map((e: any) => e.status)).toEqual(['SKIPPED', 'SKIPPED']);
    expect(await inboxOf(address)).toHaveLength(0);
  });

  it("follows the account's settings: a kind turned off, the reply-to and the sender name", async () => {
    const { secretKey } = await createKey(['createTransaction', 'manageAccount']);
    const settings = {
      instruction: false,
      receipt: true,
      replyTo: 'help@shop.example',
      senderName: 'Loja Teste',
    };
    const put = await call('PUT', '/v2/account/emails', { key: secretKey, body: settings });
    expect(put.status, put.text).toBe(200);
    expect((await call('GET', '/v2/account/emails', { key: secretKey })).body).toEqual(settings);
    const address = newAddress();
    const row = paymentMethods.find((r) => r.currency === 'BOB')!;
    const tx = await buy({ ...bodyFor(row), email: address }, secretKey);
    const paid = await payAndWaitForEmails(tx, 2, secretKey);
    expect(Object.fromEntries(paid.emails.map((e: any) => [e.kind, e.status]))).toEqual({
      instruction: 'SKIPPED',
      receipt: 'SENT',
    });
    const [receipt, ...others] = await inboxOf(address);
    expect(others).toHaveLength(0);
    expect(receipt!.replyTo).toBe('help@shop.example');
    const refused = await call('PUT', '/v2/account/emails', { key: secretKey, body: { replyTo: 'nope' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/replyTo/);
  });

  it('sends exactly one e-mail despite duplicated jobs', async () => {
    useSharedStore();
    const address = newAddress();
    const row = paymentMethods.find((r) => r.currency === 'BOB')!;
    const tx = await buy({ ...bodyFor(row), email: address });
    const job = { accountId: sharedStack().accountId, transactionId: tx.id, kind: 'instruction' as const };
    const transport = emailTransport({ SMTP_URL: sharedStack().mailSmtpUrl });
    // Racing the worker's own job: three more senders at once.
    await Promise.all([1, 2, 3].map(() => sendPayerEmail(job, new Date(), transport)));
    await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`)).body,
      (t) => t.emails?.some((e: any) => e.kind === 'instruction' && e.status === 'SENT'),
      10_000,
      50,
    );
    expect(await inboxOf(address)).toHaveLength(1);
  });

  it('suppresses an address that bounced', async () => {
    useSharedStore();
    const address = newAddress();
    // SES's notification, as SNS hands it to the feedback handler.
    await recordEmailFeedback({
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: address.toUpperCase() }] },
    });
    const row = paymentMethods.find((r) => r.currency === 'BOB')!;
    const tx = await buy({ ...bodyFor(row), email: address });
    const read = await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`)).body,
      (t) => t.emails?.[0]?.status === 'SUPPRESSED',
      10_000,
      50,
    );
    expect(read.emails[0]).toMatchObject({ kind: 'instruction', status: 'SUPPRESSED', sentAt: null });
    expect(await inboxOf(address)).toHaveLength(0);
  });
});
